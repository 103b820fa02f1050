import { describe, expect, it } from 'vitest';
import { formatCompact, shareText } from './format';

describe('formatting', () => {
  it('formats view counts compactly (spec 9)', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(2_500_000)).toBe('2.5M');
  });

  it('cuts share text at 200 characters on a word, without markup (spec 9)', () => {
    const long = `<p>${'Nordic startups hire globally. '.repeat(20)}</p>`;
    const text = shareText(long);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('<');
    expect(shareText('Short and sweet')).toBe('Short and sweet');
    // Shared as text: a description's entities are decoded, not shown as "&amp;".
    expect(shareText('<p>Build &amp; ship &lt;apps&gt;&nbsp;at &#8220;Aurora&#x201D;</p>')).toBe('Build & ship <apps> at “Aurora”');
  });
});
