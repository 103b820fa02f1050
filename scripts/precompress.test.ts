/** The build's compressed copies of the site's assets: each decompresses to the file itself; source maps are left alone. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

describe('precompress', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nordlys-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a .br and a .gz beside each script and stylesheet, in sub-folders too, and none for source maps', async () => {
    mkdirSync(join(dir, 'chunks'));
    const files = {
      'main-A.css': '.job-card { color: red; }\n'.repeat(200),
      'main-A.js': 'export const a = 1;\n'.repeat(200),
      'chunks/chunk-B.js': 'export const b = 2;\n'.repeat(200),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'main-A.js.map'), '{"version":3}');

    expect(await precompress(dir)).toBe(3);
    for (const [name, text] of Object.entries(files)) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString('utf8'), name).toBe(text);
      expect(gunzipSync(gz).toString('utf8'), name).toBe(text);
      expect(br.length, name).toBeLessThan(text.length / 10);
    }
    expect(existsSync(join(dir, 'main-A.js.map.br'))).toBe(false);
    expect(existsSync(join(dir, 'main-A.js.map.gz'))).toBe(false);
  });
});
