import { describe, expect, it } from 'vitest';
import { extractLinks } from './links';

describe('extractLinks', () => {
  it('finds every http(s) link in order, without the punctuation that ends a sentence', () => {
    const text = 'Reset: https://nordlys.dk/reset?key=a1&x=%2F. Or see (http://localhost:3000/help), then https://x.dk/a_b-c~d!';
    expect(extractLinks(text)).toEqual(['https://nordlys.dk/reset?key=a1&x=%2F', 'http://localhost:3000/help', 'https://x.dk/a_b-c~d']);
  });

  it('ignores other schemes and text without links', () => {
    expect(extractLinks('mailto:ada@example.com ftp://x.dk nothing here')).toEqual([]);
  });
});
