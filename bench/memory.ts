/**
 * Peak memory of this process over one step: the kernel's high-water mark (VmHWM of
 * /proc/self/status, reset at the start through /proc/self/clear_refs, Linux 4.0+) and
 * process.memoryUsage() sampled every 50 ms (RSS, and the V8 heap, which the kernel does not
 * see). Where /proc is missing, the sampled RSS alone.
 */
import fs from 'node:fs';

export interface PeakMemory {
  /** RSS when the step started (bytes). */
  rssBefore: number;
  /** Highest RSS during the step: VmHWM since the reset, or the highest sample. */
  peakRss: number;
  /** Highest V8 heapUsed sampled during the step. */
  peakHeap: number;
  /** 'VmHWM' when the kernel's mark could be reset and read, else 'sampled'. */
  source: 'VmHWM' | 'sampled';
  samples: number;
}

function vmHwm(): number | null {
  try {
    const m = /VmHWM:\s+(\d+)\s*kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function resetHwm(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export function watchMemory(intervalMs = 50): { stop(): PeakMemory } {
  const first = process.memoryUsage();
  const kernel = resetHwm();
  let peakRss = first.rss;
  let peakHeap = first.heapUsed;
  let samples = 1;
  const sample = () => {
    const m = process.memoryUsage();
    samples++;
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const hwm = kernel ? vmHwm() : null;
      return {
        rssBefore: first.rss,
        peakRss: hwm !== null ? Math.max(hwm, peakRss) : peakRss,
        peakHeap,
        source: hwm !== null ? 'VmHWM' : 'sampled',
        samples,
      };
    },
  };
}
