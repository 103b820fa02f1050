import { countLabel, equityLabel, exactDate, initials, salaryLabel } from '@nordlys/sdk/format';
import { describe, expect, it } from 'vitest';
import { displayHost } from './format';

describe('format', () => {
  it('counts with separators and plurals', () => {
    expect(countLabel(1234, 'job')).toBe('1,234 jobs');
    expect(countLabel(1, 'job')).toBe('1 job');
    expect(countLabel(0, 'startup')).toBe('0 startups');
  });

  it('prints exact dates in UTC so server and browser agree', () => {
    expect(exactDate('2026-11-19T23:30:00Z')).toBe('19 November 2026');
  });

  it('describes salaries and equity', () => {
    expect(salaryLabel({ type: 'competitive', min: null, max: null, currency: null })).toBe('Competitive salary');
    expect(salaryLabel({ type: 'range', min: 4000, max: 5500, currency: 'EUR' })).toBe('€4,000 – €5,500');
    expect(salaryLabel({ type: 'range', min: 40000, max: 55000, currency: 'DKK' })).toMatch(/^DKK\s40,000–55,000$/);
    expect(salaryLabel({ type: 'range', min: 4000, max: null, currency: 'EUR' })).toBe('From €4,000');
    expect(salaryLabel({ type: 'range', min: null, max: null, currency: 'EUR' })).toBeNull();
    expect(salaryLabel({ type: 'range', min: 10, max: 20, currency: 'NOPE1' })).toBe('10 NOPE1–20 NOPE1');
    expect(equityLabel({ type: 'percentage', min: 0.5, max: 1 })).toBe('0.5–1% equity');
    expect(equityLabel({ type: 'negotiated', min: null, max: null })).toBe('Equity negotiable');
    expect(equityLabel(null)).toBeNull();
  });

  it('makes monogram initials', () => {
    expect(initials('Aurora Labs')).toBe('AL');
    expect(initials('spotify')).toBe('SP');
    expect(initials('  ')).toBe('?');
  });

  it('shows a website by its host, scheme added where missing (spec 5)', () => {
    expect(displayHost('www.example.com/about')).toBe('example.com');
    expect(displayHost('https://jobs.example.com')).toBe('jobs.example.com');
  });
});
