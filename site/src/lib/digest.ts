/**
 * The job digest's settings as the site's forms hold them (issue #14): the profile of spec 7 ↔ the
 * form's values ↔ the PUT /digest/{settingsKey} body. spec 5: Remote is offered among the countries and
 * is sent as includeRemoteJobs, never as a country (sdk normalizeDigestSubscription does the sending).
 */
import { REMOTE } from '@nordlys/sdk/constants';
import { DEFAULT_DIGEST_HOUR, DEFAULT_DIGEST_TIME_ZONE, isTimeZone } from '@nordlys/sdk/digests';
import type { DigestSubscriptionInput } from '@nordlys/sdk/api';
import type { DigestFrequency, DigestProfile } from '@nordlys/sdk/schemas';
import { CATEGORY_VALUES, type CategoryValue, type Term } from '@nordlys/sdk/vocabulary';

/** spec 9: daily or weekly (a weekly digest goes out on Mondays, sdk digests.ts). */
export const FREQUENCY_OPTIONS: readonly Term<DigestFrequency>[] = [
  { value: 'daily', text: 'Daily' },
  { value: 'weekly', text: 'Weekly, on Mondays' },
];

/** What the settings form holds. */
export interface DigestValues {
  /** Country codes, with REMOTE when remote jobs are included. */
  countries: string[];
  categories: CategoryValue[];
  frequency: DigestFrequency;
  /** 0–23 in `timeZone`. */
  hourOfDay: number;
  timeZone: string;
  paused: boolean;
}

/** The browser's own IANA time zone, or null where Intl cannot say (or on the server, which is not the user's). */
export function browserTimeZone(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The form's values of a stored profile, or the defaults of a new subscription (the server's: daily here, 08:00). */
export function digestValuesOf(profile: DigestProfile | null, timeZone: string = DEFAULT_DIGEST_TIME_ZONE): DigestValues {
  if (!profile) return { countries: [], categories: [], frequency: 'daily', hourOfDay: DEFAULT_DIGEST_HOUR, timeZone, paused: false };
  return {
    countries: [...profile.locations.map((l) => l.countryCode), ...(profile.includeRemoteJobs ? [REMOTE] : [])],
    // Only the vocabulary's values (a stored one the vocabulary lost is dropped on the next save).
    categories: CATEGORY_VALUES.filter((value) => profile.categories.includes(value)),
    frequency: profile.frequency,
    hourOfDay: profile.hourOfDay,
    timeZone: profile.timeZone,
    paused: profile.paused,
  };
}

/** The PUT /digest/{settingsKey} (or POST /digest) body of the form's values, before the sdk normalizes Remote. */
export function digestInputOf(values: DigestValues): DigestSubscriptionInput {
  return {
    locations: values.countries.map((countryCode) => ({ countryCode })),
    categories: values.categories,
    frequency: values.frequency,
    hourOfDay: values.hourOfDay,
    timeZone: values.timeZone,
    paused: values.paused,
  };
}

/** '08:00': an hour of the day, as the hour select shows it. */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** The 24 hours of the day for the hour select. */
export const HOUR_OPTIONS: readonly Term[] = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), text: hourLabel(hour) }));

/**
 * The time zones the select offers: every zone this runtime knows, with `current` (and UTC) always
 * among them so a stored zone shows even where Intl lists fewer.
 */
export function timeZoneOptions(current: string): readonly Term[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, current, 'UTC']);
  return [...all].sort().map((zone) => ({ value: zone, text: zone.replaceAll('_', ' ') }));
}

/**
 * When the next e-mail goes, in words, in the subscriber's zone: "Monday 4 May at 08:00 (Europe/Oslo)".
 * @example nextDigestLabel('2026-05-04T06:00:00Z', 'Europe/Oslo') // 'Monday 4 May at 08:00 (Europe/Oslo)'
 */
export function nextDigestLabel(iso: string, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const when = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => when.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} at ${part('hour')}:${part('minute')} (${zone.replaceAll('_', ' ')})`;
}
