import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);

/**
 * Zopfli's rounds of LZ77 optimisation per file. Its output is standard gzip (every client
 * reads it) and a few percent smaller than zlib's level 9; one round keeps almost all of
 * that, and each further round costs build time for about 0.03% (see docs/PERFORMANCE.md,
 * "Bundle size").
 */
const ZOPFLI_ITERATIONS = Number(process.env.MEMORIA_ZOPFLI_ITERATIONS ?? 1);

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed response saves nothing worth a second file. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/manifest.json is a build artefact the server never serves.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the .br (quality 11) and .gz (Zopfli) siblings of one file; returns what it wrote. */
export async function precompressFile(file: string): Promise<string[]> {
  const source = await readFile(file);
  const written: string[] = [];
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { numiterations: ZOPFLI_ITERATIONS }),
  ]);
  // A compressed copy that is not smaller would only cost a file.
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written.push(`${file}.br`);
  }
  if (gzipped.length < source.length) {
    await writeFile(`${file}.gz`, gzipped);
    written.push(`${file}.gz`);
  }
  return written;
}

/** Compresses every text file above 1 kB under dir, keeping the originals. */
export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<string[]>[] = [];
  for await (const file of files(dir)) {
    if (!TEXT.test(file)) continue;
    if ((await stat(file)).size <= MIN_BYTES) continue;
    jobs.push(precompressFile(file));
  }
  return (await Promise.all(jobs)).reduce((count, written) => count + written.length, 0);
}

/**
 * After the build has written dist (public files included), add .br and .gz siblings of the
 * text assets; the server sends them with @fastify/static's `preCompressed`.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'memoria:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const count = await precompressDir(outDir);
      config.logger.info(`precompressed: ${count} .br/.gz files in ${outDir}`);
    },
  };
}
