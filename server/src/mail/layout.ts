/** The one layout of the site's mails (account, review and invitation mails): plain, one button, the link written out. */
import { COLOURS, FONTS, PAGE_COLOURS, RADII } from '@nordlys/sdk/tokens';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

// Mail clients ignore custom properties, so the sdk's tokens are written into each style attribute.
const C = { ...COLOURS.light, ...PAGE_COLOURS };

/**
 * A short, plain layout: one greeting, the text, one button, and the link written out for clients
 * without HTML; then any further links, each after its sentence (`more`). A mail with nothing to do
 * (a kind rejection) may go without the button: give neither `button` nor `link`.
 */
export function layout(input: {
  productName: string;
  greeting: string;
  paragraphs: string[];
  button?: string;
  link?: string;
  footer: string;
  more?: { text: string; link: string }[];
  /** HTML the caller built and escaped (the digest's job list), placed after the paragraphs. */
  blocks?: string[];
}): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const action =
    input.button && input.link
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:${C.accent};color:${C.onAccent};text-decoration:none;padding:12px 20px;border-radius:${RADII.md};font-weight:bold">${escapeHtml(input.button)}</a></p>`,
          p('If the button does not work, copy this link into your browser:'),
          `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(input.link)}" style="color:${C.accent}">${escapeHtml(input.link)}</a></p>`,
        ]
      : [];
  return [
    '<!doctype html>',
    `<html><body style="margin:0;padding:24px;background:${C.surface};font-family:${FONTS.mail};color:${C.text};font-size:16px;line-height:1.5">`,
    `<div style="max-width:560px;margin:0 auto;background:${C.bg};border-radius:${RADII.md};padding:32px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(input.productName)}</p>`,
    p(input.greeting),
    ...input.paragraphs.map(p),
    ...(input.blocks ?? []),
    ...action,
    ...(input.more ?? []).map(
      (m) => `<p style="margin:0 0 16px;word-break:break-all">${escapeHtml(m.text)} <a href="${escapeHtml(m.link)}" style="color:${C.accent}">${escapeHtml(m.link)}</a></p>`,
    ),
    `<p style="margin:24px 0 0;font-size:14px;color:${C.muted}">${escapeHtml(input.footer)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** 'Hi Mads,' or, without a first name, 'Hi,'. */
export function greeting(firstName: string): string {
  return firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
}

