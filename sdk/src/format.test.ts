import { describe, expect, it } from 'vitest';
import { formatCompact, relativeTime, shareText } from './format';

describe('formatting', () => {
  it('formats view counts compactly (spec 9)', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(2_500_000)).toBe('2.5M');
  });

  it('says how long ago a job was posted', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(relativeTime('2026-11-19T10:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-21T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-22T09:59:50Z', now)).toBe('this minute');
    expect(relativeTime('2026-08-22T10:00:00Z', now)).toBe('3 months ago');
  });

  it('cuts share text at 200 characters on a word, without markup (spec 9)', () => {
    const long = `<p>${'Nordic startups hire globally. '.repeat(20)}</p>`;
    const text = shareText(long);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('<');
    expect(shareText('Short and sweet')).toBe('Short and sweet');
  });
});
