/** The widget's class names, made with a goober `css` bound to one mount's sheet; tokens follow ui.md. */
import type { BoundSheet } from './sheet';
import type { Options } from './options';

// Kept on one line each: the text ships in the bundle as written.
export const LIGHT_TOKENS = '--nl-bg:#fff;--nl-fg:#1d232b;--nl-muted:#5b6573;--nl-line:#e3e7ec;--nl-chip:#f1f4f7;';
export const DARK_TOKENS = '--nl-bg:#14181d;--nl-fg:#eef1f4;--nl-muted:#a9b3bf;--nl-line:#2b333d;--nl-chip:#222a33;';

export function makeStyles(css: BoundSheet['css'], o: Pick<Options, 'theme' | 'accent' | 'font'>) {
  const tokens = o.theme === 'dark' ? DARK_TOKENS : o.theme === 'light' ? LIGHT_TOKENS : `${LIGHT_TOKENS}@media (prefers-color-scheme:dark){${DARK_TOKENS}}`;
  return {
    root: css`${tokens}--nl-accent:${o.accent ?? '#2456d6'};--nl-font:${o.font ?? 'system-ui,sans-serif'};all:initial;display:block;font:16px/1.5 var(--nl-font);color:var(--nl-fg);background:var(--nl-bg);padding:8px 0;a{color:var(--nl-accent);}a:focus-visible,button:focus-visible{outline:2px solid var(--nl-accent);outline-offset:2px;}`,
    list: css`list-style:none;margin:0;padding:0;&>li{padding:12px 4px;border-bottom:1px solid var(--nl-line);}`,
    cards: css`list-style:none;margin:0;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr));&>li{padding:16px;border:1px solid var(--nl-line);border-radius:8px;}`,
    title: css`font-weight:600;font-size:17px;text-decoration:none;&:hover{text-decoration:underline;}`,
    meta: css`margin:4px 0 0;color:var(--nl-muted);font-size:14px;display:flex;flex-wrap:wrap;gap:4px 8px;`,
    chip: css`background:var(--nl-chip);border-radius:99px;padding:0 8px;font-size:13px;`,
    skeleton: css`height:44px;margin:8px 0;border-radius:6px;background:var(--nl-chip);`,
    state: css`padding:16px 4px;margin:0;`,
    button: css`font:inherit;cursor:pointer;margin-right:12px;padding:4px 12px;border-radius:6px;border:1px solid var(--nl-accent);color:var(--nl-accent);background:none;`,
    footer: css`margin:8px 4px 0;font-size:13px;color:var(--nl-muted);a{color:inherit;}`,
  };
}
export type Styles = ReturnType<typeof makeStyles>;
