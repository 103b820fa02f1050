import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domId } from './domId';

describe('domId: element ids from what the server and the browser both know (#16)', () => {
  it('joins the parts with dashes', () => {
    expect(domId('stage', 12, 'name')).toBe('stage-12-name');
    expect(domId('board-column', 'custom:4')).toBe('board-column-custom-4');
  });

  it('turns what a CSS selector cannot hold into dashes, and trims them', () => {
    expect(domId('contact', 'Full name')).toBe('contact-Full-name');
    expect(domId('search', ' a/b?c ')).toBe('search-a-b-c');
    expect(selectable(domId('x', 'é ü#1'))).toBe(true);
  });

  it('leaves out empty parts', () => {
    expect(domId('card-detail', null, undefined, false, '', 7)).toBe('card-detail-7');
  });

  it('starts with a letter', () => {
    expect(domId(42, 'move')).toBe('id-42-move');
  });

  it('refuses an id with nothing in it (a misuse, caught by the first render in a test)', () => {
    expect(() => domId(null, '', '?!')).toThrow(/domId: no usable part/);
  });

  it('gives the same id however often, and wherever, it is computed', () => {
    expect(domId('deal', 3, 'claim')).toBe(domId('deal', 3, 'claim'));
    expect(domId('deal', 3, 'claim')).not.toBe(domId('deal', 4, 'claim'));
  });
});

/** Whether `#id` is a valid selector (no escaping needed). */
function selectable(id: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_-]*$/.test(id);
}

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|jsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('no useId in the site', () => {
  it('site/src neither imports nor calls useId', () => {
    const offenders = sourceFiles(SRC)
      .filter((path) => {
        const text = readFileSync(path, 'utf8');
        return /import\s*(type\s*)?\{[^}]*\buseId\b[^}]*\}\s*from/.test(text) || /\buseId\s*\(/.test(text);
      })
      .map((path) => relative(SRC, path));
    expect(
      offenders,
      'React (the server) and Preact (the browser, #16) give different useId ids, and Preact keeps the ' +
        "server's attributes while hydrating, so labels and aria links break after the first update. " +
        'Build ids with domId (site/src/lib/domId.ts) from a fixed name, a field name, an entity id or a prefix prop.',
    ).toEqual([]);
  });
});
