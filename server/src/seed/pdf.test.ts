import { describe, expect, it } from 'vitest';
import { buildDealDocuments } from './directory';
import { pdfDocument } from './pdf';

/**
 * Reads a PDF's structure the way a viewer starts to: the trailer's startxref must point at the
 * cross-reference table, each entry at its 'N 0 obj', and each stream's /Length must be its length.
 * Answers the objects by number.
 */
function readPdf(bytes: Buffer): Map<number, string> {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, size] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(first).toBe('0');
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(size));
  expect(entries[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    const header = `${i + 1} 0 obj\n`;
    expect(text.slice(offset, offset + header.length)).toBe(header);
    const body = text.slice(offset + header.length, text.indexOf('\nendobj\n', offset));
    const stream = /^<< \/Length (\d+) >>\nstream\n([\s\S]*)\nendstream$/.exec(body);
    if (stream) expect(Buffer.byteLength(stream[2]!, 'latin1')).toBe(Number(stream[1]));
    objects.set(i + 1, body);
  });
  expect(/trailer\n<< \/Size (\d+) \/Root 1 0 R/.exec(text)?.[1]).toBe(size);
  return objects;
}

describe('pdfDocument', () => {
  it('writes a well-formed PDF: offsets, lengths, page tree and fonts', () => {
    const objects = readPdf(pdfDocument({ title: 'A title (with brackets) \\ and a backslash', blocks: [{ kind: 'paragraph', text: 'Hello, Malmö – 5 €' }] }));
    expect(objects.get(1)).toBe('<< /Type /Catalog /Pages 2 0 R >>');
    expect(objects.get(2)).toBe('<< /Type /Pages /Kids [6 0 R] /Count 1 >>');
    const content = objects.get(7)!;
    // Brackets and backslashes escaped; ö, the en dash and the euro sign in WinAnsi.
    expect(content).toContain('(A title \\(with brackets\\) \\\\ and a backslash) Tj');
    expect(content).toContain('(Hello, Malm\xf6 \x96 5 \x80) Tj');
    expect(content).toContain('(Page 1 of 1) Tj');
  });

  it('wraps long text within the margins and flows onto new pages', () => {
    const paragraph = 'Nordic startups hire people who want to build something that matters. '.repeat(12);
    const objects = readPdf(pdfDocument({ title: 'Long', blocks: Array.from({ length: 12 }, () => ({ kind: 'paragraph' as const, text: paragraph })) }));
    const count = Number(/\/Count (\d+)/.exec(objects.get(2)!)?.[1]);
    expect(count).toBeGreaterThan(1);
    for (let page = 0; page < count; page++) {
      const lines = [...objects.get(7 + page * 2)!.matchAll(/Td \((.*)\) Tj/g)].map((m) => m[1]!);
      expect(lines.every((line) => line.length <= 100)).toBe(true);
      // Every line sits inside the page.
      for (const [, x, y] of objects.get(7 + page * 2)!.matchAll(/Tf (\d+) (-?\d+(?:\.\d+)?) Td/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(56);
        expect(Number(y)).toBeGreaterThan(30);
        expect(Number(y)).toBeLessThan(842);
      }
    }
  });

  it("makes the demo deals' documents: one real, well-formed PDF each", () => {
    const documents = buildDealDocuments();
    expect(documents.map((d) => d.fileName)).toEqual(['Employment contract templates.pdf', 'Warrant programme guide.pdf', 'Fundraising deck template.pdf']);
    for (const document of documents) {
      readPdf(document.bytes);
      expect(document.bytes.byteLength).toBeLessThan(20_000);
      expect(document.path).toMatch(/^deal\/[a-z0-9-]+\.pdf$/);
    }
  });
});
