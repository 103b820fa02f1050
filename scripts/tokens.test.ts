/** Every surface's generated CSS carries the sdk's tokens: the site, the hosted pages, the widget, its page and the mails. */
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ACCENT, COLOURS, PAGE_COLOURS } from '../sdk/src/tokens';
import { PAGE_CSS } from '../embed/src/pages/styles';
import { widgetCss } from '../embed/src/pages/job-list-widget';
import { makeStyles } from '../embed/src/styles';
import { resetPasswordMail } from '../server/src/accounts/mails';
import { stylesOptions } from './client-bundle.mjs';

/** The widget's CSS as goober would receive it: a `css` tag that keeps the text. */
function widgetRootCss(theme: 'light' | 'dark' | 'auto', accent?: string): string {
  const css = (strings: TemplateStringsArray, ...values: unknown[]) => String.raw({ raw: strings }, ...values);
  return makeStyles(css as never, { theme, accent, font: undefined }).root;
}

const accentIn = (css: string) => [...css.matchAll(/--(?:color|nl)-accent:\s*(#[0-9a-f]{3,6})/gi)].map((m) => m[1]!.toLowerCase());

describe('one accent on every surface', () => {
  it('the site: the stylesheet as scripts/build.mjs bundles it', async () => {
    const result = await esbuild.build({ ...stylesOptions({ root: process.cwd(), outDir: 'unused' }), write: false, logLevel: 'silent' });
    const css = result.outputFiles.find((file) => file.path.endsWith('.css'))!.text;
    expect(accentIn(css)).toEqual([ACCENT]);
    expect(css).toContain('--color-text-muted:#4f5d63');
    expect(css).not.toContain('nordlys:tokens.css');
    // The icons' masks come with it (site/src/components/icons.ts).
    expect(css).toContain('.icon--search{--icon:url(');
    expect(css).not.toContain('nordlys:icons.css');
  });

  it('the hosted pages (careers, white-label)', () => {
    expect(accentIn(PAGE_CSS)).toEqual([ACCENT]);
  });

  it('the widget, light and dark, and the job-list widget page', () => {
    expect(accentIn(widgetRootCss('light'))).toEqual([ACCENT]);
    expect(accentIn(widgetRootCss('dark'))).toEqual([COLOURS.dark.accent]);
    expect(accentIn(widgetRootCss('auto'))).toEqual([ACCENT, COLOURS.dark.accent]);
    // A host's accent wins in both schemes.
    expect(accentIn(widgetRootCss('auto', '#c2185b')).at(-1)).toBe('#c2185b');
    expect(accentIn(widgetCss({ theme: 'light', accent: null }))).toEqual([ACCENT]);
    expect(accentIn(widgetCss({ theme: 'dark', accent: null }))).toEqual([COLOURS.dark.accent]);
  });

  it('the mails', () => {
    const { html } = resetPasswordMail({ to: 'a@example.com', firstName: 'Ada', productName: 'Nordlys', link: 'https://nordlys.jobs/x' });
    const colours = new Set([...html.matchAll(/(?:background|color):(#[0-9a-f]{6})/gi)].map((m) => m[1]!.toLowerCase()));
    expect(colours).toContain(ACCENT);
    // No other accent left: every colour is one of the light tokens.
    expect([...colours].filter((c) => !Object.values<string>({ ...COLOURS.light, ...PAGE_COLOURS }).includes(c))).toEqual([]);
  });
});
