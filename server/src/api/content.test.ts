import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PartnersPageSchema, ToolsAnswerSchema } from '@nordlys/sdk/schemas';
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
});
