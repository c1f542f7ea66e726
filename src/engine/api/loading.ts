/**
 * In-flight counter behind the loading mask (SPEC.md section 2 "A loading mask shows during
 * calls"); calls made with `noMask` (Job, exportReportAmount) do not count.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

export const loadingStore = {
  begin(): () => void {
    pending += 1;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      pending -= 1;
      emit();
    };
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): number {
    return pending;
  },
};
