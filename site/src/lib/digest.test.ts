import { normalizeDigestSubscription } from '@nordlys/sdk/api';
import type { DigestProfile } from '@nordlys/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { digestInputOf, digestValuesOf, HOUR_OPTIONS, hourLabel, nextDigestLabel, timeZoneOptions } from './digest';

const PROFILE: DigestProfile = {
  settingsKey: 'dg_7f3c9a1e5b2d48c6a0e4f19b',
  email: 'talent@nordlys.test',
  frequency: 'weekly',
  locations: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
  includeRemoteJobs: true,
  categories: ['fullstack', 'frontend', 'no-longer-a-category'],
  hourOfDay: 7,
  timeZone: 'Europe/Oslo',
  paused: false,
  status: 'active',
  nextDueAt: '2026-05-04T05:00:00.000Z',
  lastSentAt: null,
};

describe('the digest settings form values (issue #14)', () => {
  it('shows remote jobs as the country Remote (spec 5), and keeps only the vocabulary’s categories', () => {
    expect(digestValuesOf(PROFILE)).toEqual({
      countries: ['DK', 'SE', 'REMOTE'],
      categories: ['frontend', 'fullstack'],
      frequency: 'weekly',
      hourOfDay: 7,
      timeZone: 'Europe/Oslo',
      paused: false,
    });
  });

  it('sends Remote as includeRemoteJobs, never as a country, once the sdk normalizes the body', () => {
    const body = normalizeDigestSubscription(digestInputOf(digestValuesOf(PROFILE)));
    expect(body).toEqual({
      locations: [{ countryCode: 'DK' }, { countryCode: 'SE' }],
      includeRemoteJobs: true,
      categories: ['frontend', 'fullstack'],
      frequency: 'weekly',
      hourOfDay: 7,
      timeZone: 'Europe/Oslo',
      paused: false,
    });
    const onlyRemote = normalizeDigestSubscription(digestInputOf({ ...digestValuesOf(PROFILE), countries: ['REMOTE'] }));
    expect(onlyRemote).toMatchObject({ locations: [], includeRemoteJobs: true });
    const noRemote = normalizeDigestSubscription(digestInputOf({ ...digestValuesOf(PROFILE), countries: ['FI'] }));
    expect(noRemote).toMatchObject({ locations: [{ countryCode: 'FI' }], includeRemoteJobs: false });
  });

  it('starts a new subscription daily at 08:00 in the zone it is given', () => {
    expect(digestValuesOf(null, 'America/New_York')).toEqual({ countries: [], categories: [], frequency: 'daily', hourOfDay: 8, timeZone: 'America/New_York', paused: false });
  });

  it('offers the 24 hours, and every zone with the stored one among them', () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS[0]).toEqual({ value: '0', text: '00:00' });
    expect(HOUR_OPTIONS[23]).toEqual({ value: '23', text: '23:00' });
    expect(hourLabel(8)).toBe('08:00');
    const zones = timeZoneOptions('Europe/Copenhagen').map((z) => z.value);
    expect(zones).toContain('Europe/Copenhagen');
    expect(zones).toContain('UTC');
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
    expect(timeZoneOptions('America/Argentina/Buenos_Aires').find((z) => z.value === 'America/Argentina/Buenos_Aires')?.text).toBe('America/Argentina/Buenos Aires');
  });

  it('says when the next e-mail goes, on the subscriber’s own clock', () => {
    // 05:00 UTC is 07:00 in Oslo in May (summer time).
    expect(nextDigestLabel('2026-05-04T05:00:00.000Z', 'Europe/Oslo')).toBe('Monday 4 May at 07:00 (Europe/Oslo)');
    expect(nextDigestLabel('2026-01-05T07:00:00.000Z', 'Europe/Copenhagen')).toBe('Monday 5 January at 08:00 (Europe/Copenhagen)');
    // An unknown zone falls back to UTC rather than failing the page.
    expect(nextDigestLabel('2026-01-05T07:00:00.000Z', 'Mars/Olympus')).toBe('Monday 5 January at 07:00 (UTC)');
  });
});
