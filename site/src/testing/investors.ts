/**
 * The investor-area side of the fake /api (issue #11): an investor's hidden record and its
 * portfolio (GET|POST /investors/{key}/investments, DELETE …/{id}), over one mutable state per fake.
 * A few names stand for the server's refusals, so pages can be tested on failure:
 * adding a startup named 'Taken Startup' answers 409, removing 'Locked Oy' answers 409.
 */
import { API_MESSAGES } from '@nordlys/sdk/messages';
import type { Investment, Investor, User } from '@nordlys/sdk/schemas';
import { companies } from '@nordlys/sdk/testing';
import { demoUsers, investorRecord, type FakeRequest } from './accounts';

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The portfolios the fake starts with, by investor key. */
export function startingPortfolios(): Map<string, Investment[]> {
  return new Map([
    [
      'fjord-ventures',
      [
        { id: 1, company: { key: 'fjord-pay', name: 'Fjord Pay', logoImage: null }, name: 'Fjord Pay', website: 'https://fjordpay.example' },
        { id: 2, company: null, name: 'Locked Oy', website: 'https://locked.example' },
      ],
    ],
  ]);
}

/** Answers the portfolio calls for `user`, or null for any other path. */
export async function answerInvestments(
  portfolios: Map<string, Investment[]>,
  user: User | null,
  request: Request,
  path: string,
  requests: FakeRequest[],
): Promise<Response | null> {
  const hidden = path.match(/^investors\/([^/]+)\/hidden$/);
  if (hidden && request.method.toUpperCase() === 'GET') return answerHidden(portfolios, user, decodeURIComponent(hidden[1]!));
  const m = path.match(/^investors\/([^/]+)\/investments(?:\/(\d+))?$/);
  if (!m) return null;
  const method = request.method.toUpperCase();
  const text = await request.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  requests.push({ method, path, body });
  const key = decodeURIComponent(m[1]!);
  if (!user) return json({ message: API_MESSAGES.logIn, code: 'E_UNAUTHORIZED' }, 401);
  if (!user.isAdmin && !user.investors.some((i) => i.key === key)) return json({ message: 'Only the investor’s members can do this', code: 'E_FORBIDDEN' }, 403);
  const list = portfolios.get(key) ?? [];
  portfolios.set(key, list);

  if (method === 'GET' && !m[2]) return json({ investments: list });
  if (method === 'POST' && !m[2]) {
    if (body?.companyKey) {
      const company = companies.find((c) => c.key === body.companyKey);
      if (!company) return json({ message: API_MESSAGES.notFound('Company'), code: 'E_NOT_FOUND' }, 404);
      if (list.some((e) => e.company?.key === company.key)) return json({ message: `${company.name} is already in the portfolio`, code: 'E_CONFLICT' }, 409);
      const entry: Investment = { id: nextId(list), company: { key: company.key, name: company.name, logoImage: company.logoImage }, name: company.name, website: company.website };
      list.push(entry);
      return json(entry, 201);
    }
    const name = String(body?.name ?? '').trim();
    if (!name) return json({ message: 'Please check the fields', code: 'E_VALIDATION', errors: { name: ['Please enter the name of the startup'] } }, 400);
    if (name === 'Taken Startup') return json({ message: `${name} is already in the portfolio`, code: 'E_CONFLICT' }, 409);
    const entry: Investment = { id: nextId(list), company: null, name, website: (body?.website as string | null) ?? null };
    list.push(entry);
    return json(entry, 201);
  }
  if (method === 'DELETE' && m[2]) {
    const index = list.findIndex((e) => e.id === Number(m[2]));
    if (index < 0) return json({ message: API_MESSAGES.notFound('Investment'), code: 'E_NOT_FOUND' }, 404);
    if (list[index]!.name === 'Locked Oy') return json({ message: 'This entry cannot be removed right now', code: 'E_CONFLICT' }, 409);
    list.splice(index, 1);
    return json(null, 204);
  }
  return json({ message: `No fixture for ${method} ${path}` }, 404);
}

const nextId = (list: Investment[]) => Math.max(0, ...list.map((e) => e.id ?? 0)) + 1;

/** GET investors/{key}/hidden: a demo user's investor in any status, with the review fields, for its members and admins. */
function answerHidden(portfolios: Map<string, Investment[]>, user: User | null, key: string): Response {
  const owned = Object.values(demoUsers)
    .flatMap((u) => u.investors)
    .find((i) => i.key === key);
  if (!owned) return json({ message: API_MESSAGES.notFound('Investor'), code: 'E_NOT_FOUND' }, 404);
  if (!user) return json({ message: API_MESSAGES.logIn, code: 'E_UNAUTHORIZED' }, 401);
  if (!user.isAdmin && !user.investors.some((i) => i.key === key)) return json({ message: 'Only the investor’s members can see this', code: 'E_NOT_FOUND' }, 404);
  const investor: Investor = { ...investorRecord(owned), manage: { submittedAt: null, reviewNote: null }, investments: portfolios.get(key) ?? [] };
  return json(investor);
}
