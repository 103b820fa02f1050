/** The CV file rules (issue #13): judged by the bytes, named safely, served inline under a name a browser keeps. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CvPathSchema } from '@nordlys/sdk/schemas';
import { HTML, PDF } from '../image-store/fixtures';
import { pdf } from './fixtures';
import { cleanFileName, isPdf, newCvPath } from './index';
import { inlineDisposition } from './serve';

describe('CV files', () => {
  it('takes a file as a PDF by its first bytes only', () => {
    expect(isPdf(pdf())).toBe(true);
    expect(isPdf(PDF)).toBe(true);
    expect(isPdf(HTML)).toBe(false);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it('makes new paths the sdk schema takes, never the same twice', () => {
    const made = Array.from({ length: 200 }, newCvPath);
    for (const path of made) expect(v.is(CvPathSchema, path), path).toBe(true);
    expect(new Set(made).size).toBe(made.length);
  });

  it('cleans an uploaded name: no folders, control characters, quotes or backslashes; short; a .pdf at the end', () => {
    expect(cleanFileName('Sofie Kjær CV.pdf')).toBe('Sofie Kjær CV.pdf');
    expect(cleanFileName('C:\\Users\\sofie\\"My CV"\n.PDF')).toBe('My CV.PDF');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd.pdf');
    expect(cleanFileName('résumé\u202e.pdf')).toBe('résumé.pdf');
    expect(cleanFileName('   ')).toBe('cv.pdf');
    expect(cleanFileName(undefined)).toBe('cv.pdf');
    expect(cleanFileName('.pdf')).toBe('cv.pdf');
    const long = cleanFileName(`${'å'.repeat(300)}.pdf`);
    expect([...long]).toHaveLength(120);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('names the file inline, with an ASCII stand-in and the UTF-8 name when it needs one (RFC 6266)', () => {
    expect(inlineDisposition('cv.pdf')).toBe('inline; filename="cv.pdf"');
    expect(inlineDisposition("Sofie Kjær's CV (2026).pdf")).toBe(`inline; filename="Sofie Kj_r's CV (2026).pdf"; filename*=UTF-8''Sofie%20Kj%C3%A6r%27s%20CV%20%282026%29.pdf`);
  });
});
