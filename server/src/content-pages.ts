/**
 * Issue #15: the content pages (sdk content-pages.ts) from their Markdown in server/content: front
 * matter read, the settings filled in (`{{productName}}`, and `{{teamEmail}}`, the address people
 * write to), marked to HTML with ids on the headings, then the sdk's content sanitize policy. Each
 * file is read and rendered once: the files and the settings do not change while the server runs.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { contentPageById, headingId, htmlText, withProductName, type ContentPage } from '@nordlys/sdk/content-pages';
import { sanitizeContentHtml } from '@nordlys/sdk/sanitize';
import type { ContentPageAnswer } from '@nordlys/sdk/schemas';
import { findUp } from './paths';

/**
 * The folder of the Markdown files: server/content, found from this file in the source tree and from
 * the bundle in server/dist alike (both sit one folder below server/).
 */
export function defaultContentDir(): string {
  const dir = findUp('content', 'about.md') ?? findUp('server/content', 'about.md');
  if (!dir) throw new Error('Cannot find the content pages folder (server/content)');
  return dir;
}

/** The front matter of a content file: `updated: YYYY-MM-DD` between two `---` lines, then the Markdown. */
export function parseFrontMatter(source: string): { updatedAt: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  const fields = new Map<string, string>();
  for (const line of match?.[1]?.split(/\r?\n/) ?? []) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const updatedAt = fields.get('updated') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updatedAt) || Number.isNaN(Date.parse(updatedAt))) {
    throw new Error('A content page must start with front matter naming the day it changed: ---\\nupdated: YYYY-MM-DD\\n---');
  }
  return { updatedAt, body: source.slice(match![0].length) };
}

/** The placeholder of the team's address in the Markdown; it becomes a mailto link. */
export const TEAM_EMAIL_PLACEHOLDER = '{{teamEmail}}';

/** What the Markdown's placeholders stand for. */
export interface ContentSettings {
  productName: string;
  /** Where people write to us (Config.teamEmail). */
  teamEmail: string;
}

/** The product name as Markdown text: its punctuation escaped, so a name like 'Jobs_*DK*' stays text. */
const markdownText = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');

/**
 * Markdown to the content policy's HTML: GitHub-flavoured Markdown, each h2–h4 with an id from its
 * text (sdk headingId; a repeated heading gets -2, -3…), the placeholders filled in, then sanitized.
 */
export function renderContentMarkdown(markdown: string, { productName, teamEmail }: ContentSettings): string {
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, { tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (depth < 2 || depth > 4) return `<h${depth}>${inner}</h${depth}>\n`;
        const base = headingId(htmlText(inner));
        const seen = (used.get(base) ?? 0) + 1;
        used.set(base, seen);
        return `<h${depth} id="${seen === 1 ? base : `${base}-${seen}`}">${inner}</h${depth}>\n`;
      },
    },
  });
  // A Markdown link, not an autolink: `<team@localhost>` (no dot in the domain) would be read as an HTML tag.
  const mailLink = `[${markdownText(teamEmail)}](<mailto:${teamEmail.replace(/[<>\s]/g, '')}>)`;
  const source = withProductName(markdown, markdownText(productName)).split(TEAM_EMAIL_PLACEHOLDER).join(mailLink);
  const html = marked.parse(source, { async: false });
  return sanitizeContentHtml(html);
}

/** Reads and renders one page. */
async function renderPage(page: ContentPage, dir: string, settings: ContentSettings): Promise<ContentPageAnswer> {
  const { updatedAt, body } = parseFrontMatter(await readFile(join(dir, `${page.id}.md`), 'utf8'));
  return {
    id: page.id,
    title: withProductName(page.title, settings.productName),
    description: withProductName(page.description, settings.productName),
    html: renderContentMarkdown(body, settings),
    updatedAt,
  };
}

export interface ContentPages {
  /** The page with this Markdown id, rendered once and kept; null for an id CONTENT_PAGES does not list. */
  get(id: string): Promise<ContentPageAnswer | null>;
}

/**
 * The content pages of one server: each rendered on first use and kept (a failed read is not kept, so
 * the next request tries again). `dir` defaults to server/content.
 * @example const page = await contentPages({ productName: 'Nordlys', teamEmail: 'team@nordlys.example' }).get('privacy-policy');
 */
export function contentPages({ dir, ...settings }: ContentSettings & { dir?: string }): ContentPages {
  const rendered = new Map<string, Promise<ContentPageAnswer>>();
  return {
    get(id) {
      const page = contentPageById(id);
      if (!page) return Promise.resolve(null);
      let answer = rendered.get(id);
      if (!answer) {
        answer = renderPage(page, dir ?? defaultContentDir(), settings);
        rendered.set(id, answer);
        answer.catch(() => rendered.delete(id));
      }
      return answer;
    },
  };
}
