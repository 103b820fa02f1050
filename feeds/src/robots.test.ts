import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots';

describe('robotsTxt', () => {
  it('writes groups of user-agents and rules, then the sitemaps', () => {
    expect(
      robotsTxt({
        groups: [
          { userAgents: ['*'], allow: ['/'], disallow: ['/client/', '/*?do='] },
          { userAgents: ['GPTBot', 'CCBot'] },
        ],
        sitemaps: ['https://nordlys.example/sitemap.xml'],
      }),
    ).toBe(
      'User-agent: *\nAllow: /\nDisallow: /client/\nDisallow: /*?do=\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow:\n\nSitemap: https://nordlys.example/sitemap.xml\n',
    );
  });

  it('refuses rules that would read as something else', () => {
    expect(() => robotsTxt({ groups: [{ userAgents: ['*'], disallow: ['client/'] }] })).toThrow(/starting with "\/"/);
    expect(() => robotsTxt({ groups: [{ userAgents: ['*'], disallow: ['/a\nAllow: /'] }] })).toThrow(/path pattern/);
    expect(() => robotsTxt({ groups: [{ userAgents: ['*'], disallow: ['/a#b'] }] })).toThrow(/path pattern/);
    expect(() => robotsTxt({ groups: [{ userAgents: ['bad agent'] }] })).toThrow(/product token/);
    expect(() => robotsTxt({ groups: [{ userAgents: [] }] })).toThrow(/at least one user-agent/);
    expect(() => robotsTxt({ groups: [], sitemaps: ['/sitemap.xml'] })).toThrow(/sitemap must be an absolute/);
  });
});
