import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const SITE = 'https://nordlys.example';

/** What every answer must be: a printable-ASCII path that stays on the site however it is read. */
function expectOnSite(path: string) {
  expect(path).toMatch(/^\/(?![/\\])/);
  expect(path).toMatch(/^[\x21-\x7e]*$/);
  expect(new URL(path, SITE).origin).toBe(SITE);
  // A browser reading it again, or a reader decoding it once more, still stays here.
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Undecodable: a reader cannot turn it into anything else either.
  }
  expect(decoded).not.toMatch(/^\/[/\\\s]/);
  expect(new URL(decoded.replace(/[\t\n\r]/g, ''), SITE).origin).toBe(SITE);
  // Stable: passing it again changes nothing.
  expect(safeReturnPath(path)).toBe(path);
}

/** Pieces attackers use to leave a site through a return path. */
const HOSTILE_PIECES = [
  '/', '//', '\\', '/\\', '\\/', '\t', '\n', '\r', '\r\n', '\u0000', '\u007f', '\u0085', ' ', '\u00a0', '\u2028',
  '%2f', '%2F', '%5c', '%5C', '%09', '%0a', '%0d', '%00', '%252f', '.', '..', '\u3002', '\uff0e', '\uff0f', '\u2215', '\u2044',
  'javascript:', 'JaVaScRiPt:', 'data:', 'vbscript:', 'http:', 'https:', '//evil.test', 'evil.test', '@evil.test', ':443', '?', '#', '&', '=',
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 8 })
  .map((pieces) => pieces.join(''));

describe('safeReturnPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/client/my-jobs')).toBe('/client/my-jobs');
    expect(safeReturnPath('/client/my-jobs?page=2#saved')).toBe('/client/my-jobs?page=2#saved');
    expect(safeReturnPath('/jobs?search=a%20b&city=K%C3%B8benhavn')).toBe('/jobs?search=a%20b&city=K%C3%B8benhavn');
    // Written out as a URL holds it: plain ASCII, fit for a Location header.
    expect(safeReturnPath('/jobs?search=a b')).toBe('/jobs?search=a%20b');
    expect(safeReturnPath('/startups/k\u00f8ge')).toBe('/startups/k%C3%B8ge');
  });

  it('refuses everything that is not a path here, or could be read as another site', () => {
    const refused = [
      null, undefined, 42, {}, '', 'jobs', ' /jobs', 'https://evil.test/', 'HTTPS://evil.test', '//evil.test', '///evil.test',
      '/\\evil.test', '\\\\evil.test', '/\t/evil.test', '/\n/x', '/%0a/x'.replace('%0a', '\n'), '/\r\n/evil.test', '/x\u0000',
      'javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '/%2F%2Fevil.test', '/%2fevil.test', '/%5Cevil.test',
      '/%09/evil.test', '/%20/x', '\uff0f\uff0fevil.test', `/${'a'.repeat(2048)}`,
    ];
    for (const to of refused) expect(safeReturnPath(to), JSON.stringify(to)).toBeNull();
  });

  it('answers a path on this site or nothing, for arbitrary unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (to) => {
        for (const candidate of [to, `/${to}`]) {
          const path = safeReturnPath(candidate);
          if (path !== null) expectOnSite(path);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('answers a path on this site or nothing, for strings built from hostile pieces', () => {
    fc.assert(
      fc.property(hostile, (to) => {
        for (const candidate of [to, `/${to}`, `/x/${to}`, `/?to=${to}`]) {
          const path = safeReturnPath(candidate);
          if (path !== null) expectOnSite(path);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every ordinary path it is given', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    const query = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/), { maxKeys: 3 });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), query, (segments, params) => {
        const search = new URLSearchParams(params).toString();
        const to = `/${segments.join('/')}${search ? `?${search}` : ''}`;
        expect(safeReturnPath(to)).toBe(to);
      }),
      { numRuns: 200 },
    );
  });
});
