/**
 * Clean-ups still to run (child processes, temporary data folders, bench databases), shared by
 * every bench part: each registers its removal before the thing exists, and `cleanupAll` runs
 * them at the end of a part, at the end of the run, and on Ctrl-C.
 */

const pending = new Set<() => Promise<void>>();

let cleaning: Promise<void> = Promise.resolve();

/** Registers a clean-up; answers a function that runs it now (and unregisters it). */
export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  pending.add(fn);
  return async () => {
    if (!pending.delete(fn)) return;
    await fn();
  };
}

/**
 * Runs every pending clean-up, newest first. Calls are chained: a second caller (Ctrl-C while a
 * part's own `finally` is cleaning) waits for the clean-ups already under way too.
 */
export function cleanupAll(log: (line: string) => void = (l) => console.error(l)): Promise<void> {
  cleaning = cleaning.then(async () => {
    for (const fn of [...pending].reverse()) {
      pending.delete(fn);
      await fn().catch((err) => log(`cleanup: ${err instanceof Error ? err.message : String(err)}`));
    }
  });
  return cleaning;
}

