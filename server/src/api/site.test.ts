import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { IpCountrySchema, SiteConfigSchema } from '@nordlys/sdk/schemas';
import { FUNDING_STAGES, INDUSTRIES, INVESTOR_CATEGORIES, PERKS } from '@nordlys/sdk/vocabulary';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('site routes on %s', (backend) => {
  const t = useTestApp(backend);

  it('answers the site configuration with the search countries, Remote last and no NI', async () => {
    const res = await t.get('/api/site/config-base');
    expect(res.status).toBe(200);
    const config = v.parse(SiteConfigSchema, res.body);
    expect(config.productName).toBe('Nordlys');
    expect(config.version).toBe('1.0.02');
    expect(config.products.headhunter).toBe(false);
    expect(config.site.countries.at(-1)).toEqual({ value: 'REMOTE', text: 'Remote' });
    expect(config.site.countries.some((c) => c.value === 'NI')).toBe(false);
    expect(config.job.roles.map((r) => r.value)).toContain('backend');
    // One vocabulary (sdk/src/vocabulary.ts): the configuration lists what the seed and the filters use.
    expect(config.industries).toEqual(INDUSTRIES);
    expect(config.investor.categories).toEqual(INVESTOR_CATEGORIES);
    expect(config.company.fundingStages).toEqual(FUNDING_STAGES);
    expect(config.company.perks).toEqual(PERKS);
  });

  it('detects the country from a CDN header, else DK, and never lets caches share it', async () => {
    const plain = await t.get('/api/site/ip-country');
    expect(v.parse(IpCountrySchema, plain.body).ipDetectedCountryCode).toBe('DK');
    expect(plain.headers.get('cache-control')).toBe('private, no-store');
    const se = await t.get('/api/site/ip-country', { 'CF-IPCountry': 'se' });
    expect(se.body.ipDetectedCountryCode).toBe('SE');
    const unknown = await t.get('/api/site/ip-country', { 'CF-IPCountry': 'XX' });
    expect(unknown.body.ipDetectedCountryCode).toBe('DK');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.get('/api/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('/api/v2/nothing-here');
  });
});
