// The site's client source maps, kept out of the public assets (issue #33): they carry the full
// sources, so production must not serve them. The build writes them without a sourceMappingURL
// comment ('hidden') and moves them to site/dist/sourcemaps/, beside the public folder, with the
// same relative paths: whoever reads a browser's stack trace maps it there, offline.
import { mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** Moves every `*.map` under `publicDir` to the same path under `mapsDir`; returns how many it moved. */
export async function moveSourceMaps(publicDir, mapsDir) {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const maps = entries.filter((e) => e.isFile() && e.name.endsWith('.map')).map((e) => join(e.parentPath, e.name));
  for (const file of maps) {
    const target = join(mapsDir, relative(publicDir, file));
    await mkdir(dirname(target), { recursive: true });
    await rename(file, target);
  }
  return maps.length;
}
