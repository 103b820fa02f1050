import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { InvestorListSchema, InvestorSchema } from '@nordlys/sdk/schemas';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

describe.each(backends)('investor routes on %s', (backend) => {
  const t = useTestApp(backend);

  it('lists investors by name, filtered by search and category', async () => {
    const list = v.parse(InvestorListSchema, (await t.get('/api/investors?pageSize=100')).body);
    expect(list.total).toBeGreaterThanOrEqual(40);
    const names = list.investors.map((i) => i.name);
    const byCodePoint = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    expect(names).toEqual([...names].sort(byCodePoint));

    const fjord = v.parse(InvestorListSchema, (await t.get('/api/investors?search=fjord')).body);
    expect(fjord.investors.map((i) => i.key)).toContain('fjord-ventures');

    const angels = v.parse(InvestorListSchema, (await t.get('/api/investors?category=angel')).body);
    expect(angels.investors.every((i) => i.category === 'ANGEL')).toBe(true);
    expect((await t.get('/api/investors?pageSize=0')).status).toBe(400);
  });

  it('answers one investor with people and investments, 404 when unknown', async () => {
    const res = await t.get('/api/investors/fjord-ventures');
    expect(res.status).toBe(200);
    const investor = v.parse(InvestorSchema, res.body);
    expect(investor.name).toBe('Fjord Ventures');
    expect(investor.keyPeople.length).toBeGreaterThan(0);
    expect((await t.get('/api/investors/no-such-fund')).status).toBe(404);
  });
});
