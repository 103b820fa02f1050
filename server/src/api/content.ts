/** Content routes of spec 7: the startup toolbox (tools) and the partners page, and one tool or partner each (issue #15). */
import { Hono } from 'hono';
import { PartnerSchema, PartnersPageSchema, ToolSchema, ToolsAnswerSchema, type PartnersPage, type ToolsAnswer } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { getPartner, getTool, listPartners, listTools } from '../queries/content';
import { operation } from './operation';

export function contentRouter(db: Db, productName: string) {
  return new Hono<AppEnv>()
    .get(
      '/tools',
      operation({ summary: "The startup toolbox's tools", access: 'public', response: ToolsAnswerSchema }),
      publicRead(),
      async (c) => c.json({ tools: await listTools(db) } satisfies ToolsAnswer),
    )
    .get('/tools/:key', operation({ summary: 'One tool of the startup toolbox', access: 'public', response: ToolSchema, errors: ['E_NOT_FOUND'] }), publicRead(), async (c) => {
      const tool = await getTool(db, c.req.param('key'));
      if (!tool) throw notFound('Tool');
      return c.json(tool);
    })
    .get('/pages/partners', operation({ summary: 'The partners page: the partners and its text', access: 'public', response: PartnersPageSchema }), publicRead(), async (c) =>
      c.json({
        page: {
          partners: await listPartners(db),
          content: {
            title: 'Our partners',
            intro: `${productName} works with accelerators, communities, law firms and banks across the Nordics to help startups hire and grow.`,
          },
        },
      } satisfies PartnersPage),
    )
    .get('/partners/:key', operation({ summary: 'One partner', access: 'public', response: PartnerSchema, errors: ['E_NOT_FOUND'] }), publicRead(), async (c) => {
      const partner = await getPartner(db, c.req.param('key'));
      if (!partner) throw notFound('Partner');
      return c.json(partner);
    });
}
