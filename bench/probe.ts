/**
 * A probe of one ordinary call (a list page), timed from another process (bench/probe-child.ts)
 * over the loopback, while the app in this process runs a job: the figure a user of the back
 * office sees when a long job runs, with the job and the call on the same server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ProbeParentMessage = { cmd: 'sample'; n: number } | { cmd: 'start'; gapMs: number } | { cmd: 'stop' };
export type ProbeChildMessage = { type: 'samples'; values: number[] } | { type: 'failed'; error: string };

export interface Probe {
  /** `n` calls one after another, answered when done (ms each). */
  sample(n: number): Promise<number[]>;
  /** Calls one after another, a pause of `gapMs` between them, until `stop` (ms each). */
  start(gapMs: number): void;
  stop(): Promise<number[]>;
  close(): void;
}

function answer(child: ChildProcess): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: ProbeChildMessage) => {
      child.off('exit', onExit);
      child.off('message', onMessage);
      if (msg.type === 'samples') resolve(msg.values);
      else reject(new Error(`probe: ${msg.error}`));
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`probe process exited (${code})`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Forks the probe process for `url` (absolute, on the app's socket) with the session `token`. */
export function startProbe(url: string, token: string): Probe {
  const child = fork(fileURLToPath(new URL('./probe-child.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_PROBE_URL: url, BENCH_PROBE_TOKEN: token },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (msg: ProbeParentMessage) => child.send(msg);
  return {
    sample(n) {
      const values = answer(child);
      ask({ cmd: 'sample', n });
      return values;
    },
    start(gapMs) {
      ask({ cmd: 'start', gapMs });
    },
    stop() {
      const values = answer(child);
      ask({ cmd: 'stop' });
      return values;
    },
    close() {
      if (child.connected) child.disconnect();
    },
  };
}
