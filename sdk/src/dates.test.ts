import { describe, expect, it } from 'vitest';
import { byPostedDesc, clockTime, exactDate, postedAt, relativeTime } from './dates';

const NOW = new Date('2026-11-22T10:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('postedAt', () => {
  it('is when the job went public, else when it was created', () => {
    expect(postedAt({ approvedAt: '2026-11-20T08:00:00.000Z', createdAt: '2026-11-01T08:00:00.000Z' })).toBe('2026-11-20T08:00:00.000Z');
    expect(postedAt({ approvedAt: null, createdAt: '2026-11-01T08:00:00.000Z' })).toBe('2026-11-01T08:00:00.000Z');
  });

  it('sorts newest posted first, so a late approval of an old draft comes first', () => {
    const jobs = [
      { id: 1, createdAt: ago(30), approvedAt: ago(1) },
      { id: 2, createdAt: ago(5), approvedAt: ago(4) },
      { id: 3, createdAt: ago(2), approvedAt: null },
      { id: 4, createdAt: ago(9), approvedAt: ago(4) },
    ];
    expect(jobs.toSorted(byPostedDesc).map((j) => j.id)).toEqual([1, 3, 4, 2]);
  });
});

describe('relativeTime', () => {
  it('tells days for the first fortnight, then weeks, months and years', () => {
    expect(relativeTime(ago(0.0001), NOW)).toBe('now');
    expect(relativeTime(ago(10 / 1440), NOW)).toBe('10 minutes ago');
    expect(relativeTime(ago(5 / 24), NOW)).toBe('5 hours ago');
    expect(relativeTime(ago(1.6), NOW)).toBe('yesterday');
    // The site said "last week" and the widget "8 days ago" for this one.
    expect(relativeTime(ago(8), NOW)).toBe('8 days ago');
    expect(relativeTime(ago(13.9), NOW)).toBe('13 days ago');
    expect(relativeTime(ago(14), NOW)).toBe('2 weeks ago');
    expect(relativeTime(ago(59), NOW)).toBe('8 weeks ago');
    expect(relativeTime(ago(60), NOW)).toBe('2 months ago');
    expect(relativeTime(ago(365), NOW)).toBe('last year');
    expect(relativeTime(ago(800), NOW)).toBe('2 years ago');
  });

  it('speaks the given language through Intl', () => {
    expect(relativeTime(ago(8), NOW, 'da')).toBe('for 8 dage siden');
    expect(relativeTime(ago(1), NOW, 'sv')).toBe('i går');
  });

  it('treats a date a little in the future (clock skew) as now, and gives nothing for a bad date', () => {
    expect(relativeTime('2026-11-22T10:00:20Z', NOW)).toBe('now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('exactDate', () => {
  it('prints the day in UTC, whatever the local zone', () => {
    expect(exactDate('2026-11-19T23:30:00Z')).toBe('19 November 2026');
    expect(exactDate('2026-11-19T23:30:00Z', 'en-US')).toBe('November 19, 2026');
    expect(exactDate('garbage')).toBe('garbage');
  });
});

describe('clockTime', () => {
  it("tells the hours and minutes on the viewer's clock, in the locale's style", () => {
    const at = new Date(2026, 10, 19, 12, 3);
    expect(clockTime(at, 'en-GB')).toBe('12:03');
    expect(clockTime(new Date(2026, 10, 19, 15, 3), 'en-US')).toMatch(/^03:03\sPM$/);
  });
});
