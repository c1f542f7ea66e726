/**
 * A bench part run alone (`tsx bench/<part>.ts [pglite|postgres]`): every backend or the one
 * named, its sections printed, clean-ups run on Ctrl-C and on failure (exit code 1).
 */
import { cleanupAll } from './cleanup';
import type { Backend } from './databases';
import { table, type Section } from './stats';

export function runAlone<R>(
  importMetaUrl: string,
  runBackend: (backend: Backend, log: (line: string) => void) => Promise<R | R[]>,
  sections: (results: R[]) => Section[],
): void {
  if (importMetaUrl !== `file://${process.argv[1]}`) return;
  const only = process.argv[2] as Backend | undefined;
  const onSignal = () => void cleanupAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  (async () => {
    const results: R[] = [];
    for (const b of only ? [only] : (['pglite', 'postgres'] as Backend[])) results.push(...([] as R[]).concat(await runBackend(b, (l) => console.error(`  · ${l}`))));
    for (const s of sections(results)) console.log(`\n${s.title}\n${table(s.table)}\n${s.notes.map((n) => `- ${n}`).join('\n')}`);
  })().catch(async (err) => {
    console.error(err);
    await cleanupAll();
    process.exitCode = 1;
  });
}
