import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBundleOptions, stylesOptions } from './client-bundle.mjs';
import { moveSourceMaps } from './source-maps.mjs';

describe('client source maps (issue #33: never public)', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('moves every map out of the public folder to the same path beside it, and leaves the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nordlys-maps-'));
    dirs.push(root);
    const pub = join(root, 'public');
    mkdirSync(join(pub, 'assets/chunks'), { recursive: true });
    for (const file of ['assets/main-A.js', 'assets/main-A.js.map', 'assets/main-B.css', 'assets/main-B.css.map', 'assets/chunks/job-C.js', 'assets/chunks/job-C.js.map']) {
      writeFileSync(join(pub, file), file);
    }
    expect(await moveSourceMaps(pub, join(root, 'sourcemaps'))).toBe(3);
    expect(readdirSync(pub, { recursive: true }).filter((f) => String(f).endsWith('.map'))).toEqual([]);
    expect(readdirSync(join(root, 'sourcemaps'), { recursive: true }).map(String).sort()).toEqual(
      ['assets', 'assets/chunks', 'assets/chunks/job-C.js.map', 'assets/main-A.js.map', 'assets/main-B.css.map'].sort(),
    );
    expect(readdirSync(join(pub, 'assets/chunks'))).toEqual(['job-C.js']);
  });

  it('builds the scripts and the stylesheet without a sourceMappingURL, so no browser asks for a map', () => {
    const root = '/nowhere';
    expect(clientBundleOptions({ root, outDir: '/nowhere/out', publicLoads: async () => [], maxRequests: 4 }).output.sourcemap).toBe('hidden');
    expect(stylesOptions({ root, outDir: '/nowhere/out' }).sourcemap).toBe('external');
  });
});
