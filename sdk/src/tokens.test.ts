import { describe, expect, it } from 'vitest';
import { ACCENT, COLOURS, contrastRatio, PAGE_COLOURS, rootCss, tokenVars } from './tokens';

describe('design tokens', () => {
  it.each(['light', 'dark'] as const)('pass WCAG AA in the %s scheme', (scheme) => {
    const c = COLOURS[scheme];
    // Body text 4.5:1 on the page and on chips; the accent is link text, so it needs 4.5:1 too.
    for (const text of [c.text, c.muted, c.accent]) {
      for (const background of [c.bg, c.surface]) expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives the pages white on the accent and a visible focus ring', () => {
    expect(contrastRatio(PAGE_COLOURS.onAccent, ACCENT)).toBeGreaterThanOrEqual(4.5);
    // The focus ring is a UI part: 3:1.
    expect(contrastRatio(PAGE_COLOURS.focus, COLOURS.light.bg)).toBeGreaterThanOrEqual(3);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2456d6', '#14181d')).toBeCloseTo(2.87, 2); // the old dark-widget accent that axe flagged
  });

  it('has one brand accent, the teal, on every light surface', () => {
    expect(COLOURS.light.accent).toBe(ACCENT);
    expect(ACCENT).toBe('#0f766e');
    expect(tokenVars()['color-accent']).toBe(ACCENT);
  });

  it('writes the site names as custom properties in one :root rule', () => {
    const css = rootCss();
    expect(css).toMatch(/^:root\{[^{}]+\}$/);
    for (const name of ['--color-text-muted:#4f5d63;', '--color-on-accent:#ffffff;', '--space-4:16px;', '--radius-md:8px;', '--font-size-2xl:1.75rem;', '--font-weight-bold:650;', '--font-sans:system-ui']) {
      expect(css).toContain(name);
    }
  });
});
