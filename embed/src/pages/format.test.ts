/** Display rules of the pages: URLs kept to http(s), labels, the static CSS. */
import { describe, expect, it } from 'vitest';
import { countLabel, equityLabel, initials, positionTypeLabel, salaryLabel } from '@nordlys/sdk/format';
import { imageUrl, plainSummary, websiteUrl } from './format';
import { PAGE_CSS } from './styles';

describe('page formatting', () => {
  it('makes image paths absolute against the main site and refuses other schemes', () => {
    expect(imageUrl('/images/thumbnail/a.png', 'https://nordlys.jobs')).toBe('https://nordlys.jobs/images/thumbnail/a.png');
    expect(imageUrl('https://cdn.example/a.png', 'https://nordlys.jobs')).toBe('https://cdn.example/a.png');
    expect(imageUrl('javascript:alert(1)', 'https://nordlys.jobs')).toBeNull();
    expect(imageUrl('data:image/png;base64,AA', 'https://nordlys.jobs')).toBeNull();
    expect(imageUrl(null, 'https://nordlys.jobs')).toBeNull();
  });

  it('turns a website into an http(s) link or nothing', () => {
    expect(websiteUrl('aurora-labs.example')).toBe('http://aurora-labs.example/');
    expect(websiteUrl('https://fjordpay.example')).toBe('https://fjordpay.example/');
    expect(websiteUrl('javascript:alert(1)')).toBeNull();
    expect(websiteUrl('  ')).toBeNull();
    expect(websiteUrl(null)).toBeNull();
  });

  it('labels position types, salary, equity, counts and monograms', () => {
    expect(positionTypeLabel('FULL_TIME')).toBe('Full-time');
    expect(salaryLabel({ type: 'range', min: 50000, max: 65000, currency: 'DKK' })?.replace(/\u00a0/g, ' ')).toBe('DKK 50,000–65,000');
    expect(salaryLabel({ type: 'range', min: null, max: 4000, currency: 'XYZ1' })).toBe('Up to 4,000 XYZ1');
    expect(salaryLabel({ type: 'competitive', min: null, max: null, currency: null })).toBe('Competitive salary');
    expect(equityLabel({ type: 'percentage', min: 0.1, max: 0.5 })).toBe('0.1–0.5% equity');
    expect(countLabel(1, 'job')).toBe('1 job');
    expect(countLabel(1234, 'job')).toBe('1,234 jobs');
    expect(initials('Aurora Labs')).toBe('AL');
    expect(initials('')).toBe('?');
  });

  it('cuts a plain-text summary from description HTML', () => {
    expect(plainSummary('<p>Build &amp; ship</p><ul><li>React</li></ul>')).toBe('Build & ship React');
    const long = plainSummary(`<p>${'word '.repeat(100)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps the page CSS safe inside a <style> element', () => {
    expect(PAGE_CSS).not.toMatch(/<\//);
    expect(PAGE_CSS).toContain('.skip:focus');
  });
});
