/** /pricing (issue #12) as the server renders it: title and description, the visitor's country, the price table. Node, for real Cookie headers. */
import { PAID_PLAN_IDS, PRICE_COUNTRIES, planPrice } from '@nordlys/sdk/pricing';
import { describe, expect, it } from 'vitest';
import { render as renderServer } from '../entry-server';
import { accountApi, jsonAnswer, type Handlers } from '../modals/test-helpers';

const visitor: Handlers = {
  'GET users/me': () => jsonAnswer({ message: 'Please log in', code: 'E_UNAUTHORIZED' }, 401),
  'GET site/ip-country': () => jsonAnswer({ ipDetectedCountryCode: 'FI' }),
};

async function serverRender(path: string, cookie?: string) {
  const { api, calls } = accountApi(visitor);
  const response = await renderServer(new Request(`http://nordlys.test${path}`, { headers: cookie ? { cookie } : {} }), {
    api: () => api,
    productName: 'Nordlys',
    origin: 'http://nordlys.test',
    assets: { scripts: [], styles: [] },
  });
  return { response, html: await response.text(), calls };
}

describe('/pricing on the server', () => {
  it("is a complete page with its title and description, for the visitor's chosen country", async () => {
    const { response, html } = await serverRender('/pricing', 'preferred-country-code=SE');
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Pricing | Nordlys</title>');
    expect(html).toMatch(/<meta name="description" content="Post a job on Nordlys for free, or boost it: DKK.599\.00 in Denmark, NOK.879\.00 in Norway, SEK.849\.00 in Sweden, EUR.79\.00 in Finland, ISK.11,500 in Iceland, EUR.79\.00 in the rest of Europe\.">/);
    expect(html).toContain('<h1>Pricing</h1>');
    expect(html).toMatch(/data-plan-price="boost">SEK.849\.00</);
    expect(html).toMatch(/<option value="SE" selected="">Sweden<\/option>/);
    // Prices depend on the visitor: never one visitor's page for another.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toContain('Cookie');
  });

  it("uses the detected country without a choice, and the switcher's form stores one without JavaScript", async () => {
    const detected = await serverRender('/pricing');
    expect(detected.html).toMatch(/data-plan-price="boost">EUR.79\.00</);
    expect(detected.html).toMatch(/<option value="FI" selected="">Finland<\/option>/);
    expect(detected.response.headers.get('set-cookie')).toBeNull();

    const chosen = await serverRender('/pricing?country=no');
    expect(chosen.html).toMatch(/data-plan-price="boost">NOK.879\.00</);
    expect(chosen.response.headers.get('set-cookie')).toBe('preferred-country-code=NO; Path=/; SameSite=Lax; Max-Age=31536000');
    expect(chosen.calls.some((c) => c.path === '/api/site/ip-country')).toBe(false);

    // REMOTE is never stored (spec 5): the cookie is cleared and the detected country shows.
    const remote = await serverRender('/pricing?country=REMOTE');
    expect(remote.response.headers.get('set-cookie')).toBe('preferred-country-code=; Path=/; SameSite=Lax; Max-Age=0');
    expect(remote.html).toMatch(/data-plan-price="boost">EUR.79\.00</);

    // "Another country": everyone else's prices, even over a stored choice, and the stored choice is cleared.
    const another = await serverRender('/pricing?country=', 'preferred-country-code=DK');
    expect(another.html).toContain('aria-label="Plans in your country"');
    expect(another.html).toMatch(/data-plan-price="boost">EUR.79\.00</);
    expect(another.html).toMatch(/<option value="" selected="">Another country<\/option>/);
    expect(another.response.headers.get('set-cookie')).toBe('preferred-country-code=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('lists the price of every plan in every price country of spec 9, and everyone else', async () => {
    const { html } = await serverRender('/pricing', 'preferred-country-code=DK');
    const rows = [...html.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th>(.*?)<\/tr>/g)].map(([, head, cells]) => [
      head!.replace(/<[^>]+>.*$/, ''),
      [...cells!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!.replace(/\u00a0/g, ' ')),
    ]);
    expect(rows.map(([country]) => country)).toEqual(['Denmark', 'Norway', 'Sweden', 'Finland', 'Iceland', 'Other EU countries', 'Everywhere else']);
    for (const [index, country] of [...PRICE_COUNTRIES, 'US'].entries()) {
      const expected = PAID_PLAN_IDS.map((plan) => {
        const price = planPrice(plan, country);
        return `${price.currency} ${price.amount.toLocaleString('en', { minimumFractionDigits: price.currency === 'ISK' ? 0 : 2 })}`;
      });
      expect(rows[index]![1], country).toEqual(expected);
    }
    expect(html).toMatch(/<tr class="price-table__row--current"><th scope="row">Denmark<span class="badge price-table__yours">Your prices<\/span>/);
  });
});

