/**
 * GET /showcase (issue #15): the live examples of the product pages /startups/career-page and
 * /startups/white-label-feed: a startup's career page and a white-label feed, chosen from the data
 * (queries/showcase.ts), so a new installation shows its own and the demo shows the demo's. Public,
 * the same for everyone: cacheable for a minute.
 */
import { Hono } from 'hono';
import { ShowcaseSchema } from '@nordlys/sdk/schemas';
import { now } from '../clock';
import { publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { findShowcase } from '../queries/showcase';
import type { RouterDeps } from './deps';
import { operation } from './operation';

export function showcaseRouter({ db }: RouterDeps) {
  return new Hono<AppEnv>().get(
    '/showcase',
    operation({ summary: "The live examples of the product pages: a startup's career page and a white-label feed", access: 'public', response: ShowcaseSchema }),
    publicRead(),
    async (c) => c.json(await findShowcase(db, now())),
  );
}
