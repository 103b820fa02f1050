/**
 * The design tokens of ui.md, one home for every surface: colours (light and dark), radii, spacing,
 * fonts and shadows, and the CSS custom properties made from them. The site (scripts/build.mjs
 * writes them into its stylesheet), the hosted pages (embed/src/pages/styles.ts), the widget
 * (embed/src/styles.ts) and the mails (server/src/accounts/mails.ts) all read them here.
 * No imports: scripts/build.mjs loads this file with Node's type stripping.
 */

/**
 * The colour roles every surface uses, the widget included, in light and dark. Text roles pass WCAG
 * AA (4.5:1) on `bg` and `surface`. Kept to what the widget needs: its bundle carries all of them.
 */
export interface ColourTokens {
  /** The one brand accent: links, buttons, focus of the widget. */
  accent: string;
  text: string;
  /** Secondary text: meta lines, captions. */
  muted: string;
  bg: string;
  /** Chips, notices, empty states. */
  surface: string;
  /** Hairlines between items (decorative, so no contrast minimum). */
  border: string;
}
export type ColourScheme = 'light' | 'dark';

/** The brand accent: a deep aurora teal (5.5:1 on white, and white on it). */
export const ACCENT = '#0f766e';

/**
 * Light and dark colours. Measured contrasts (tokens.test.ts checks them):
 * light: text 16:1, muted 6.8:1 (6.3:1 on surface), accent 5.5:1 (5.1:1 on surface);
 * dark: text 15.7:1, muted 8.4:1 (6.8:1 on surface), accent 9.6:1 (7.8:1 on surface).
 */
export const COLOURS: Record<ColourScheme, ColourTokens> = {
  light: {
    accent: ACCENT,
    text: '#1a2326',
    muted: '#4f5d63',
    bg: '#ffffff',
    surface: '#f4f7f7',
    border: '#d5dee1',
  },
  dark: {
    // The same teal, lightened until it reads on the dark background.
    accent: '#2dd4bf',
    text: '#eef1f4',
    muted: '#a9b3bf',
    bg: '#14181d',
    surface: '#222a33',
    border: '#2b333d',
  },
};

/** The further colours of the site, the hosted pages and the mails (light only: none has a dark theme yet). */
export const PAGE_COLOURS = {
  /** Text and icons on an accent background (white on the teal: 5.5:1). */
  onAccent: '#ffffff',
  /** The keyboard focus ring (6.7:1 on white). */
  focus: '#0b5cad',
  accentHover: '#115e59',
  accentStrong: '#134e4a',
  accentSoft: '#e7f5f2',
  accentBorder: '#99d5ca',
  surfaceStrong: '#e9eef0',
  /** Form field borders: 3:1 would be the UI minimum; fields also carry a label. */
  borderStrong: '#9aa9af',
  danger: '#b42318',
  featuredBg: '#fff3d1',
  featuredText: '#6b4300',
  featuredBorder: '#f0c75e',
  skeleton: '#e4eaec',
} as const;

/**
 * The system font of every surface. Every browser the site and the widget target knows system-ui, so
 * no longer stack of named fallbacks is needed. A const of its own: the widget bundles only this of FONTS.
 */
export const FONT_SANS = 'system-ui, sans-serif';

export const FONTS = {
  sans: FONT_SANS,
  /** Mail clients know few fonts. */
  mail: 'Arial, Helvetica, sans-serif',
  sizeXs: '0.8125rem',
  sizeSm: '0.875rem',
  sizeMd: '1rem',
  sizeLg: '1.125rem',
  sizeXl: '1.375rem',
  size2xl: '1.75rem',
  size3xl: '2.125rem',
  size4xl: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)',
  lineHeight: '1.5',
  lineHeightTight: '1.2',
  weightMedium: '500',
  weightBold: '650',
} as const;

/** A 4 px spacing scale. */
export const SPACE = {
  1: '4px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
  16: '64px',
  20: '80px',
} as const;

export const RADII = { sm: '4px', md: '8px', lg: '12px', xl: '20px', full: '999px' } as const;

export const SHADOWS = {
  sm: '0 1px 2px rgb(16 24 40 / 6%)',
  md: '0 2px 4px rgb(16 24 40 / 6%), 0 4px 12px rgb(16 24 40 / 8%)',
  lg: '0 12px 32px rgb(16 24 40 / 12%)',
} as const;

/** The whole set, for tests and tools. */
export const TOKENS = { colours: COLOURS, pageColours: PAGE_COLOURS, fonts: FONTS, space: SPACE, radii: RADII, shadows: SHADOWS } as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Custom properties as `--name:value;` text, e.g. cssVars({ 'color-bg': '#fff' }) // '--color-bg:#fff;' */
export function cssVars(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `--${name}:${value};`)
    .join('');
}

/**
 * The custom properties of the site and the hosted pages (`--color-accent`, `--space-4`,
 * `--radius-md`, `--font-sans` …), for one colour scheme.
 */
export function tokenVars(scheme: ColourScheme = 'light'): Record<string, string> {
  const vars: Record<string, string> = {};
  const colours = { ...COLOURS[scheme], ...(scheme === 'light' ? PAGE_COLOURS : {}) };
  for (const [role, value] of Object.entries(colours)) {
    // The site's names: --color-text-muted, --color-on-accent …
    vars[`color-${kebab(role === 'muted' ? 'textMuted' : role)}`] = value;
  }
  vars['font-sans'] = FONTS.sans;
  for (const [name, value] of Object.entries(FONTS)) {
    if (name.startsWith('size')) vars[`font-size-${name.slice(4).toLowerCase()}`] = value;
    else if (name.startsWith('weight')) vars[`font-weight-${name.slice(6).toLowerCase()}`] = value;
  }
  vars['line-height'] = FONTS.lineHeight;
  vars['line-height-tight'] = FONTS.lineHeightTight;
  for (const [step, value] of Object.entries(SPACE)) vars[`space-${step}`] = value;
  for (const [name, value] of Object.entries(RADII)) vars[`radius-${name}`] = value;
  for (const [name, value] of Object.entries(SHADOWS)) vars[`shadow-${name}`] = value;
  return vars;
}

/** `:root{…}` with the tokens as custom properties: the head of the site's and hosted pages' CSS. */
export function rootCss(scheme: ColourScheme = 'light'): string {
  return `:root{${cssVars(tokenVars(scheme))}}`;
}

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The WCAG contrast ratio of two #rgb / #rrggbb colours (1 to 21).
 * @example contrastRatio('#0f766e', '#ffffff') // 5.47…
 */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
