/** The widget's class names, made with a goober `css` bound to one mount's sheet; the tokens are the sdk's (ui.md). */
import { COLOURS, FONT_SANS, RADII, type ColourTokens } from '@nordlys/sdk/tokens';
import type { BoundSheet } from './sheet';
import type { Options } from './options';

/** The widget's custom properties for one colour scheme, accent included (the job-list widget page uses them too). */
const vars = (c: ColourTokens) => `--nl-bg:${c.bg};--nl-fg:${c.text};--nl-muted:${c.muted};--nl-line:${c.border};--nl-chip:${c.surface};--nl-accent:${c.accent};`;
export const LIGHT_TOKENS = vars(COLOURS.light);
export const DARK_TOKENS = vars(COLOURS.dark);

export function makeStyles(css: BoundSheet['css'], o: Pick<Options, 'theme' | 'accent' | 'font'>) {
  // A host's accent wins over both schemes' own.
  const own = o.accent ? `--nl-accent:${o.accent};` : '';
  const tokens =
    o.theme === 'dark' ? DARK_TOKENS + own : o.theme === 'light' ? LIGHT_TOKENS + own : `${LIGHT_TOKENS + own}@media (prefers-color-scheme:dark){${DARK_TOKENS + own}}`;
  return {
    root: css`${tokens}--nl-font:${o.font ?? FONT_SANS};all:initial;display:block;font:16px/1.5 var(--nl-font);color:var(--nl-fg);background:var(--nl-bg);padding:8px 0;a{color:var(--nl-accent);}a:focus-visible,button:focus-visible{outline:2px solid var(--nl-accent);outline-offset:2px;}`,
    list: css`list-style:none;margin:0;padding:0;&>li{padding:12px 4px;border-bottom:1px solid var(--nl-line);}`,
    cards: css`list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr));&>li{padding:16px;border:1px solid var(--nl-line);border-radius:${RADII.md};}`,
    title: css`font-weight:600;font-size:17px;text-decoration:none;&:hover{text-decoration:underline;}`,
    meta: css`margin:4px 0 0;color:var(--nl-muted);font-size:14px;display:flex;flex-wrap:wrap;gap:4px 8px;`,
    chip: css`background:var(--nl-chip);border-radius:${RADII.full};padding:0 8px;font-size:13px;`,
    skeleton: css`height:44px;margin:8px 0;border-radius:${RADII.md};background:var(--nl-chip);`,
    state: css`padding:16px 4px;margin:0;`,
    button: css`font:inherit;cursor:pointer;margin-right:12px;padding:4px 12px;border-radius:${RADII.md};border:1px solid var(--nl-accent);color:var(--nl-accent);background:none;`,
    footer: css`margin:8px 4px 0;font-size:13px;color:var(--nl-muted);a{color:inherit;}`,
  };
}
export type Styles = ReturnType<typeof makeStyles>;
