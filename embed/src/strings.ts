/** Every text the widget shows, per language, in one table; English first. */
import { POSITION_TYPES } from '@nordlys/sdk/constants';

const en = {
  listLabel: 'Open positions',
  loading: 'Loading jobs…',
  empty: 'No open positions right now.',
  error: "We couldn't load the jobs.",
  retry: 'Try again',
  fallback: 'See all jobs on Nordlys',
  remote: 'Remote',
  positionTypes: Object.fromEntries(POSITION_TYPES.map((p) => [p.value, p.text])) as Record<string, string>,
};
export type Strings = typeof en;

export const STRINGS: Record<string, Strings> = { en };
export const LANGUAGES = Object.keys(STRINGS);
