/**
 * Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) twin beside every text
 * file of the output (scripts, styles, html, svg, json) that compression makes smaller, at the
 * highest levels since it runs once. The server sends them as they are (@fastify/static
 * preCompressed), so no asset is compressed per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : Promise.resolve([full]);
  }));
  return nested.flat();
}

/** Writes file.br and file.gz beside each text file of dir; answers how many files it did. */
export async function precompressDir(dir: string): Promise<number> {
  const targets = (await files(dir)).filter((f) => TEXT.test(f));
  let done = 0;
  await Promise.all(targets.map(async (file) => {
    const raw = await readFile(file);
    if (raw.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzip(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    done++;
  }));
  return done;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
