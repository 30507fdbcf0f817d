// @ts-check
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing: what the site serves from dist/client (docs/performance.md). */
const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this the headers outweigh the saving (the server's own compression threshold). */
const MIN_BYTES = 1024;

/**
 * An Astro integration writing `.br` (quality 11) and `.gz` (level 9) beside every built text file
 * of the client, once, at build time: the server sends them as they are (`preCompressed`,
 * src/server/http/site.ts) instead of compressing each script again on every request, and at
 * brotli's best quality, which on-the-fly compression cannot afford.
 * @returns {import('astro').AstroIntegration}
 */
export function precompress() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        let files = 0;
        for (const file of walk(root)) {
          if (!TEXT.test(file)) continue;
          const bytes = readFileSync(file);
          if (bytes.length < MIN_BYTES) continue;
          const br = brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          writeFileSync(`${file}.br`, br);
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
          files += 1;
        }
        console.log(`precompress: ${files} files in ${path.relative(process.cwd(), root)}`);
      },
    },
  };
}

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}
