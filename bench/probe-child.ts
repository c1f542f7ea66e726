/**
 * The ordinary call timed during a job, from a process of its own (bench/probe.ts forks it): the
 * call crosses the loopback to the app's socket as a browser's would, so it waits for the job
 * wherever the job holds the app's event loop or its database, not only between the job's
 * batches (a probe in the job's own process could fire only when the job yielded).
 *
 * IPC: in { cmd: 'sample', n } (n calls one after another), { cmd: 'start', gapMs } (calls
 * until 'stop', a pause of gapMs between them), { cmd: 'stop' }; out { type: 'samples', values }
 * (ms per call) or { type: 'failed', error }. Exits when the parent disconnects.
 */
import type { ProbeChildMessage, ProbeParentMessage } from './probe';

const url = process.env.BENCH_PROBE_URL ?? '';
const token = process.env.BENCH_PROBE_TOKEN ?? '';
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const send = (msg: ProbeChildMessage) => process.send?.(msg);

async function once(): Promise<number> {
  const t0 = nowMs();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return nowMs() - t0;
}

let running = false;
let loop: Promise<number[]> | null = null;

process.on('message', (msg: ProbeParentMessage) => {
  void (async () => {
    try {
      if (msg.cmd === 'sample') {
        const values: number[] = [];
        for (let i = 0; i < msg.n; i++) values.push(await once());
        send({ type: 'samples', values });
      } else if (msg.cmd === 'start') {
        running = true;
        loop = (async () => {
          const values: number[] = [];
          while (running) {
            values.push(await once());
            await new Promise((r) => setTimeout(r, msg.gapMs));
          }
          return values;
        })();
      } else if (msg.cmd === 'stop') {
        running = false;
        send({ type: 'samples', values: loop ? await loop : [] });
        loop = null;
      }
    } catch (err) {
      running = false;
      send({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
