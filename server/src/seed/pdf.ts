/**
 * A small PDF writer for the demo's deal documents (issue #15): A4 pages of wrapped text in the
 * standard Helvetica fonts (no font is embedded), with a title, headings, paragraphs and bullets.
 * Enough for a real, valid document a PDF viewer opens; not a layout engine.
 */

/** One block of the document, top to bottom. */
export type PdfBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'bullet'; text: string };

export interface PdfContent {
  title: string;
  /** A line under the title (who it is from). */
  subtitle?: string;
  blocks: readonly PdfBlock[];
  /** The small print at the foot of every page. */
  footer?: string;
}

const PAGE = { width: 595, height: 842, margin: 56 } as const;

interface Style {
  font: 'F1' | 'F2';
  size: number;
  leading: number;
  /** Space above the block. */
  before: number;
  indent: number;
}

const STYLES: Record<PdfBlock['kind'] | 'title' | 'subtitle', Style> = {
  title: { font: 'F2', size: 20, leading: 25, before: 0, indent: 0 },
  subtitle: { font: 'F1', size: 11, leading: 15, before: 4, indent: 0 },
  heading: { font: 'F2', size: 13, leading: 18, before: 16, indent: 0 },
  paragraph: { font: 'F1', size: 11, leading: 15, before: 6, indent: 0 },
  bullet: { font: 'F1', size: 11, leading: 15, before: 3, indent: 14 },
};

/** WinAnsiEncoding (PDF 1.7 annex D) for the characters outside Latin-1 that text commonly has. */
const WIN_ANSI: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

/** The text as WinAnsi bytes (one latin1 character each), escaped for a PDF string literal; unknown characters become '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const byte = WIN_ANSI[ch] ?? (code >= 0x20 && code <= 0x7e ? code : code >= 0xa0 && code <= 0xff ? code : 0x3f);
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** Helvetica's average advance is about half an em; bold a little wider. Wraps a little early rather than late. */
function wrap(text: string, style: Style): string[] {
  const width = PAGE.width - 2 * PAGE.margin - style.indent;
  const perChar = style.size * (style.font === 'F2' ? 0.58 : 0.53);
  const max = Math.max(10, Math.floor(width / perChar));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The bytes of a PDF 1.4 document with `content`, on as many A4 pages as it needs.
 * @example const bytes = pdfDocument({ title: 'Warrant programme guide', blocks: [{ kind: 'paragraph', text: '…' }] });
 */
export function pdfDocument(content: PdfContent): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + 30;

  const put = (text: string, style: Style, first: boolean, bullet = false) => {
    const lines = wrap(text, style);
    lines.forEach((line, i) => {
      const before = i === 0 && !first ? style.before : 0;
      if (y - before - style.leading < bottom) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      } else {
        y -= before;
      }
      y -= style.leading;
      const x = PAGE.margin + style.indent;
      const ops = pages.at(-1)!;
      if (bullet && i === 0) ops.push(`BT /${style.font} ${style.size} Tf ${PAGE.margin + 2} ${y} Td ${pdfString('•')} Tj ET`);
      ops.push(`BT /${style.font} ${style.size} Tf ${x} ${y} Td ${pdfString(line)} Tj ET`);
    });
  };

  put(content.title, STYLES.title, true);
  if (content.subtitle) put(content.subtitle, STYLES.subtitle, false);
  for (const block of content.blocks) put(block.text, STYLES[block.kind], false, block.kind === 'bullet');

  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its contents for each page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  objects.push(`<< /Title ${pdfString(content.title)} /Producer (Nordlys) >>`);
  pages.forEach((ops, i) => {
    const foot = [content.footer, `Page ${i + 1} of ${pages.length}`].filter(Boolean).join(' · ');
    const stream = [...ops, `BT /F1 8 Tf ${PAGE.margin} ${PAGE.margin - 16} Td ${pdfString(foot)} Tj ET`].join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents ${pageIds[i]! + 1} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
