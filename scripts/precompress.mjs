// The site's built assets compressed once at build time (issue #16): a .br and a .gz beside each script,
// stylesheet and SVG, which the server sends to browsers that accept them (serveStatic's `precompressed`,
// server/src/app.ts). Uncompressed, the first load of a page moved about five times the bytes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text the browser fetches (not the source maps, which only DevTools reads). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/** Writes `{file}.br` and `{file}.gz` for every compressible file under `dir`; returns how many files it did. */
export async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return files.length;
}
