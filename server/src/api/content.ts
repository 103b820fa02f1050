/** Content routes of spec 7: tools and the partners page. */
import { Hono } from 'hono';
import type { PartnersPage, ToolsAnswer } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { listPartners, listTools } from '../queries/content';

export function contentRouter(db: Db, productName: string) {
  return new Hono<AppEnv>()
    .get('/tools', publicRead(), async (c) => c.json({ tools: await listTools(db) } satisfies ToolsAnswer))
    .get('/pages/partners', publicRead(), async (c) =>
      c.json({
        page: {
          partners: await listPartners(db),
          content: {
            title: 'Our partners',
            intro: `${productName} works with accelerators, communities, law firms and banks across the Nordics to help startups hire and grow.`,
          },
        },
      } satisfies PartnersPage),
    );
}
