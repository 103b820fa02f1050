/**
 * The site's icons (ui.md: small stroke icons, always decorative), drawn by CSS (#16): each name is a
 * class, `icon--{name}`, whose mask is the shape below, painted in the text's colour. A page's icons were
 * about a quarter of its elements as inline SVG (414 of 1,656 on /jobs), each one hydrated; now an icon
 * is one empty <span>. The shapes sit on a 24 × 24 grid, stroked 2 wide with round ends.
 *
 * This module has no imports: the build's stylesheet plugin (scripts/icons-css.mjs) reads it with Node.
 */
const heart = '<path d="M20.8 5.6a5 5 0 0 0-7.1 0L12 7.3l-1.7-1.7a5 5 0 0 0-7.1 7.1l8.8 8.8 8.8-8.8a5 5 0 0 0 0-7.1z"/>';
const clock = '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>';

export const ICON_SHAPES = {
  search: '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>',
  'map-pin': '<path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z"/><circle cx="12" cy="10" r="2.5"/>',
  briefcase: '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18"/>',
  clock,
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
  users: '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M21.5 20a6.5 6.5 0 0 0-4-6"/>',
  building: '<rect x="4" y="3" width="16" height="18" rx="1"/><path d="M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2M10 21v-3h4v3"/>',
  'external-link': '<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>',
  menu: '<path d="M4 7h16M4 12h16M4 17h16"/>',
  close: '<path d="M6 6l12 12M18 6 6 18"/>',
  'chevron-left': '<path d="m15 18-6-6 6-6"/>',
  'chevron-right': '<path d="m9 18 6-6-6-6"/>',
  'arrow-right': '<path d="M5 12h14M13 6l6 6-6 6"/>',
  star: '<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z"/>',
  check: '<path d="m5 12 5 5 9-10"/>',
  alert: '<circle cx="12" cy="12" r="9"/><path d="M12 8v5M12 16v.01"/>',
  salary: '<rect x="2" y="6" width="20" height="12" rx="2"/><circle cx="12" cy="12" r="2.5"/><path d="M6 12h.01M18 12h.01"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
  linkedin: '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4"/>',
  x: '<path d="M4 4h4.5L20 20h-4.5zM20 4l-6.5 7M4 20l6.5-7"/>',
  facebook: '<path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z"/>',
  beer: '<path d="M6 8h10v11a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2zM16 10h2a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2h-2"/><path d="M6 8a3 3 0 0 1 3-4 3 3 0 0 1 5 0 2.5 2.5 0 0 1 2 4M10 12v5M13 12v5"/>',
  coffee: '<path d="M4 9h13v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM17 10h1.5a2.5 2.5 0 0 1 0 5H17M8 3v3M12 3v3"/>',
  equity: '<path d="M12 3v9h9A9 9 0 1 1 12 3z"/><path d="M15 3.5A9 9 0 0 1 20.5 9H15z"/>',
  gym: '<path d="M6 7v10M18 7v10M3 10v4M21 10v4M6 12h12"/>',
  healthcare: `${heart}<path d="M7 12h3l1.5-2 2 4 1.5-2h2"/>`,
  pension: '<path d="M5 11a7 6 0 0 1 12.5-3.5L20 7v4l1 1v3l-2 .5-1.5 2.5V21h-3v-2h-4v2h-3v-3.5A6 6 0 0 1 5 11z"/><path d="M10 7h4"/>',
  pet: '<circle cx="6" cy="10" r="2"/><circle cx="10" cy="6" r="2"/><circle cx="14" cy="6" r="2"/><circle cx="18" cy="10" r="2"/><path d="M12 12c-3 0-5 3.5-5 5.5S8.5 20 12 20s5-.5 5-2.5S15 12 12 12z"/>',
  remote: '<path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10"/>',
  lunch: '<path d="M7 3v8M4 3v5a3 3 0 0 0 6 0V3M7 11v10M17 21V3c-2 1-3 4-3 7v3h3"/>',
  learning: '<path d="M4 5a2 2 0 0 1 2-2h14v15H6a2 2 0 0 0-2 2zM4 19a2 2 0 0 0 2 2h14v-3"/>',
  'parental-leave': heart,
  'flexible-hours': clock,
  bookmark: '<path d="M6 3h12v18l-6-4.5L6 21z"/>',
  heart,
  plus: '<path d="M12 5v14M5 12h14"/>',
  'chevron-down': '<path d="m6 9 6 6 6-6"/>',
  lock: '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>',
} as const;

export type IconName = keyof typeof ICON_SHAPES;

/** Icons that fill their shape while their toggle is pressed (Save, I'm interested: styles/talent.css). */
export const FILLED_WHEN_PRESSED = ['bookmark', 'heart'] as const satisfies readonly IconName[];

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICON_SHAPES, name);
}

/** The icon as an SVG document, black on transparent: the mask its class paints through. */
export function iconSvg(name: IconName, { filled = false } = {}): string {
  const paint = filled ? "fill='#000'" : "fill='none'";
  const shape = ICON_SHAPES[name].replaceAll('"', "'");
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' ${paint} stroke='#000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shape}</svg>`;
}

/** A CSS url() of an SVG, percent-encoded only where CSS and data URLs need it, so it stays small. */
function dataUrl(svg: string): string {
  return `url("data:image/svg+xml,${svg.replace(/[%#<>"]/g, (c) => encodeURIComponent(c))}")`;
}

/**
 * The icons' stylesheet: one rule that paints an `.icon` through its mask (in forced colours, in the
 * colour the system chose for text), one custom property per name, and the filled shapes of pressed
 * toggles.
 */
export function iconsCss(): string {
  const rules = [
    '.icon{display:inline-block;background-color:currentColor;-webkit-mask:var(--icon) center/100% 100% no-repeat;mask:var(--icon) center/100% 100% no-repeat}',
    '@media (forced-colors:active){.icon{background-color:CanvasText}}',
  ];
  for (const name of Object.keys(ICON_SHAPES) as IconName[]) rules.push(`.icon--${name}{--icon:${dataUrl(iconSvg(name))}}`);
  for (const name of FILLED_WHEN_PRESSED) rules.push(`[aria-pressed='true'] .icon--${name}{--icon:${dataUrl(iconSvg(name, { filled: true }))}}`);
  return rules.join('\n');
}
