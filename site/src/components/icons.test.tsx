import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from './Icon';
import { FILLED_WHEN_PRESSED, ICON_SHAPES, iconsCss, iconSvg, isIconName, type IconName } from './icons';

const NAMES = Object.keys(ICON_SHAPES) as IconName[];

/** The SVG inside a rule's url("data:image/svg+xml,…"). */
function svgOf(rule: string): string {
  const url = /url\("data:image\/svg\+xml,([^"]*)"\)/.exec(rule)?.[1];
  if (url === undefined) throw new Error(`no data URL in ${rule}`);
  return decodeURIComponent(url);
}

describe('icons drawn by the stylesheet', () => {
  it('renders an icon as one empty, hidden element naming its shape', () => {
    expect(renderToStaticMarkup(<Icon name="map-pin" />)).toBe('<span class="icon icon--map-pin" aria-hidden="true"></span>');
    expect(renderToStaticMarkup(<Icon name="chevron-down" className="profile-menu__chevron" />)).toBe(
      '<span class="icon icon--chevron-down profile-menu__chevron" aria-hidden="true"></span>',
    );
  });

  it('gives every icon a class whose mask is its own shape, stroked, on the 24 × 24 grid', () => {
    const css = iconsCss();
    for (const name of NAMES) {
      const rules = css.split('\n').filter((line) => line.startsWith(`.icon--${name}{`));
      expect(rules, name).toHaveLength(1);
      const svg = svgOf(rules[0]!);
      expect(svg, name).toBe(iconSvg(name));
      expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24' fill='none' stroke='#000' stroke-width='2'/);
      expect(svg).toContain(ICON_SHAPES[name].replaceAll('"', "'"));
      // Nothing in the URL that would end it or the rule early.
      expect(rules[0]).not.toMatch(/data:image\/svg\+xml,[^"]*[<>#]/);
    }
    expect(css).toMatch(/^\.icon\{display:inline-block;background-color:currentColor;-webkit-mask:var\(--icon\)/);
    expect(css).toContain('@media (forced-colors:active){.icon{background-color:CanvasText}}');
  });

  it('fills the shapes of pressed toggles', () => {
    const css = iconsCss();
    for (const name of FILLED_WHEN_PRESSED) {
      const rule = css.split('\n').find((line) => line.startsWith(`[aria-pressed='true'] .icon--${name}{`));
      expect(rule, name).toBeDefined();
      expect(svgOf(rule!)).toContain("fill='#000'");
    }
  });

  it('knows its names, for values stored elsewhere (perks)', () => {
    expect(isIconName('beer')).toBe(true);
    expect(isIconName('parental-leave')).toBe(true);
    expect(isIconName('toString')).toBe(false);
    expect(isIconName('sauna')).toBe(false);
  });
});
