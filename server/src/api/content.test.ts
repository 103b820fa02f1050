import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PartnerSchema, PartnersPageSchema, SiteConfigSchema, ToolSchema, ToolsAnswerSchema } from '@nordlys/sdk/schemas';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('content routes on %s', (backend) => {
  const t = useTestApp(backend);

  it('answers {tools} and page{partners, content}', async () => {
    const tools = v.parse(ToolsAnswerSchema, (await t.get('/api/tools')).body);
    expect(tools.tools.length).toBeGreaterThanOrEqual(10);
    const partners = v.parse(PartnersPageSchema, (await t.get('/api/pages/partners')).body);
    expect(partners.page.partners.length).toBeGreaterThanOrEqual(8);
    expect(partners.page.content.title).toBe('Our partners');
  });

  it("files every tool and partner under a category of the site configuration, each with a logo", async () => {
    const config = v.parse(SiteConfigSchema, (await t.get('/api/site/config-base')).body);
    const { tools } = v.parse(ToolsAnswerSchema, (await t.get('/api/tools')).body);
    const { partners } = v.parse(PartnersPageSchema, (await t.get('/api/pages/partners')).body).page;
    const toolCategories = config.toolCategories.map((c) => c.value);
    const partnerCategories = config.partnerCategories.map((c) => c.value);
    expect(tools.filter((tool) => !toolCategories.includes(tool.category))).toEqual([]);
    expect(partners.filter((partner) => !partnerCategories.includes(partner.category))).toEqual([]);
    // Every category has something in it.
    expect(new Set(tools.map((tool) => tool.category))).toEqual(new Set(toolCategories));
    expect(new Set(partners.map((partner) => partner.category))).toEqual(new Set(partnerCategories));
    expect([...tools, ...partners].filter((entry) => entry.logoImage === null)).toEqual([]);
  });

  it('answers one tool or partner by key (cacheable), and 404 for an unknown key', async () => {
    const tool = await t.get('/api/tools/ledgerly');
    expect(tool.status).toBe(200);
    expect(tool.headers.get('cache-control')).toMatch(/^public/);
    expect(v.parse(ToolSchema, tool.body)).toMatchObject({ key: 'ledgerly', name: 'Ledgerly', category: 'finance', website: 'https://www.ledgerly.test' });
    expect(tool.body.logoImage.sizes.thumbnail).toBe('/images/thumbnail/demo/tool/ledgerly/logo');

    const partner = await t.get('/api/partners/holm-and-lund-advokater');
    expect(partner.status).toBe(200);
    expect(v.parse(PartnerSchema, partner.body)).toMatchObject({ name: 'Holm & Lund Advokater', category: 'law-firm' });

    for (const path of ['/api/tools/no-such-tool', '/api/partners/no-such-partner', '/api/tools/Ledgerly']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('E_NOT_FOUND');
    }
  });

  it('serves the logos it names', async () => {
    const { tools } = v.parse(ToolsAnswerSchema, (await t.get('/api/tools')).body);
    const res = await t.request(tools[0]!.logoImage!.sizes.thumbnail);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });
});
