import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestPeriod, isTimeZone, nextDigestAt, type DigestTiming } from './digests';

const daily = (hourOfDay: number, timeZone: string): DigestTiming => ({ frequency: 'daily', hourOfDay, timeZone });
const weekly = (hourOfDay: number, timeZone: string): DigestTiming => ({ frequency: 'weekly', hourOfDay, timeZone });
const at = (iso: string) => new Date(iso);

/** The wall clock in a zone, as 'YYYY-MM-DD HH:mm, weekday'. */
function wallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}, ${parts.weekday}`;
}

describe('nextDigestAt', () => {
  it('is the next whole hour of the day in the time zone, later today or tomorrow', () => {
    // Copenhagen is UTC+2 in May.
    expect(nextDigestAt(daily(8, 'Europe/Copenhagen'), at('2026-05-04T05:59:00Z')).toISOString()).toBe('2026-05-04T06:00:00.000Z');
    expect(nextDigestAt(daily(8, 'Europe/Copenhagen'), at('2026-05-04T06:00:00Z')).toISOString()).toBe('2026-05-05T06:00:00.000Z');
    expect(nextDigestAt(daily(0, 'Europe/Copenhagen'), at('2026-05-04T23:00:00Z')).toISOString()).toBe('2026-05-05T22:00:00.000Z');
    // Winter time: UTC+1.
    expect(nextDigestAt(daily(8, 'Europe/Copenhagen'), at('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-11T07:00:00.000Z');
  });

  it('works in zones west of UTC and at half-hour offsets', () => {
    expect(nextDigestAt(daily(23, 'America/New_York'), at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-05T03:00:00.000Z');
    expect(nextDigestAt(daily(8, 'Asia/Kolkata'), at('2026-05-04T12:00:00Z')).toISOString()).toBe('2026-05-05T02:30:00.000Z');
    expect(nextDigestAt(daily(6, 'UTC'), at('2026-05-04T06:00:00.001Z')).toISOString()).toBe('2026-05-05T06:00:00.000Z');
  });

  it('sends a weekly digest on Mondays', () => {
    // 2026-05-04 is a Monday.
    expect(nextDigestAt(weekly(8, 'Europe/Copenhagen'), at('2026-05-04T05:00:00Z')).toISOString()).toBe('2026-05-04T06:00:00.000Z');
    expect(nextDigestAt(weekly(8, 'Europe/Copenhagen'), at('2026-05-04T06:00:00Z')).toISOString()).toBe('2026-05-11T06:00:00.000Z');
    expect(nextDigestAt(weekly(8, 'Europe/Copenhagen'), at('2026-05-07T10:00:00Z')).toISOString()).toBe('2026-05-11T06:00:00.000Z');
  });

  it('moves an hour that a daylight-saving change skips to the end of the gap', () => {
    // 2026-03-29: Copenhagen jumps from 02:00 to 03:00.
    const slot = nextDigestAt(daily(2, 'Europe/Copenhagen'), at('2026-03-28T12:00:00Z'));
    expect(slot.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(wallClock(slot, 'Europe/Copenhagen')).toBe('2026-03-29 03:00, Sun');
    // The day after, 02:00 exists again.
    expect(wallClock(nextDigestAt(daily(2, 'Europe/Copenhagen'), slot), 'Europe/Copenhagen')).toBe('2026-03-30 02:00, Mon');
  });

  it('always lands later, on the hour asked for, within a day (daily) or a week (weekly)', () => {
    const zones = ['Europe/Copenhagen', 'Europe/Oslo', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Adelaide', 'UTC', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(...zones),
        fc.constantFrom('daily' as const, 'weekly' as const),
        (after, hourOfDay, timeZone, frequency) => {
          const slot = nextDigestAt({ frequency, hourOfDay, timeZone }, after);
          const gap = slot.getTime() - after.getTime();
          expect(gap).toBeGreaterThan(0);
          expect(gap).toBeLessThanOrEqual((frequency === 'daily' ? 1 : 7) * 86_400_000 + 3_600_000);
          const clock = wallClock(slot, timeZone);
          // Only a skipped hour may read otherwise (the hour after it).
          const hour = Number(clock.slice(11, 13));
          expect([hourOfDay, (hourOfDay + 1) % 24]).toContain(hour);
          if (frequency === 'weekly') expect(clock.endsWith('Mon')).toBe(true);
          // No slot is skipped: the slot before this one is not after `after`.
          expect(nextDigestAt({ frequency, hourOfDay, timeZone }, new Date(slot.getTime() - 1)).getTime()).toBe(slot.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('digestPeriod and isTimeZone', () => {
  it("names a slot by its calendar day in the subscriber's zone", () => {
    expect(digestPeriod(at('2026-05-04T22:30:00Z'), 'Europe/Copenhagen')).toBe('2026-05-05');
    expect(digestPeriod(at('2026-05-04T22:30:00Z'), 'America/New_York')).toBe('2026-05-04');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Copenhagen')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
  });
});
