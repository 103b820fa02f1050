/** Finds the project's folders from this file, whether it runs from source or from the bundle in server/dist. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first `relative` path that exists in this file's folder or one above it. */
export function findUp(relative: string, marker = ''): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, relative);
    if (existsSync(join(candidate, marker))) return candidate;
    dir = dirname(dir);
  }
  return null;
}
