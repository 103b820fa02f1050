/** The scripts a page lists (assets.ts): entry first, the matched routes' chunks, their imports, each once; the waterfall they make. */
import { describe, expect, it } from 'vitest';
import { pageScripts, waterfallDepth, type SiteAssets } from './assets';

const assets: SiteAssets = {
  scripts: ['/main.js'],
  styles: ['/main.css'],
  imports: { '/main.js': ['/react.js'], '/react.js': [], '/layout.js': ['/react.js', '/icons.js'], '/page.js': ['/icons.js', '/react.js'], '/icons.js': [] },
  routes: { layout: '/layout.js', page: '/page.js' },
};

describe('pageScripts', () => {
  it("lists the entry, then each matched route's chunk with its imports, once each", () => {
    expect(pageScripts(assets, ['root', 'layout', 'page'])).toEqual(['/main.js', '/react.js', '/layout.js', '/icons.js', '/page.js']);
  });

  it('is the entry alone without the build manifest parts (an old manifest)', () => {
    expect(pageScripts({ scripts: ['/main.js'], styles: [] }, ['page'])).toEqual(['/main.js']);
  });
});

describe('waterfallDepth', () => {
  it('is 1 when the page lists everything', () => {
    expect(waterfallDepth(assets, ['page'], pageScripts(assets, ['page']))).toBe(1);
  });

  it('counts the levels a page waits through when it lists only the entry', () => {
    // main → page chunk (the entry loads it) → icons (its import).
    expect(waterfallDepth(assets, ['page'], ['/main.js'])).toBe(3);
  });
});
