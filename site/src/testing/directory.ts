/**
 * Test support for the startup toolbox's pages (issue #15): tools, partners and deals as the server
 * answers them (each held to its sdk schema), and a fake /api of those calls with claims per startup,
 * the members and admins rule of the real routes, and the site configuration's categories.
 */
import { API_MESSAGES } from '@nordlys/sdk/messages';
import {
  ClaimedDealListSchema,
  ClaimedDealSchema,
  DEAL_MESSAGES,
  DealListSchema,
  DealSchema,
  PartnerSchema,
  PartnersPageSchema,
  ToolSchema,
  ToolsAnswerSchema,
  type ClaimedDeal,
  type Deal,
  type Partner,
  type Tool,
  type User,
} from '@nordlys/sdk/schemas';
import * as v from 'valibot';
import type { Handlers } from '../modals/test-helpers';
import { jsonAnswer } from '../modals/test-helpers';
import { siteConfig } from './fixtures';

const logo = (path: string) => ({
  path,
  sizes: Object.fromEntries(['large', 'cover', 'thumbnail', 'listing', 'portrait', 'social'].map((size) => [size, `/images/${size}/${path}`])) as Record<
    'large' | 'cover' | 'thumbnail' | 'listing' | 'portrait' | 'social',
    string
  >,
});

const entry = (id: number, key: string, name: string, category: string, description: string) => ({
  id,
  key,
  name,
  website: `https://www.${key.replace(/-/g, '')}.test`,
  logoImage: logo(`demo/${key}/logo`),
  category,
  description,
});

export const TOOLS: Tool[] = [
  entry(1, 'hirely', 'Hirely', 'recruiting', 'An applicant tracking system built for small teams.'),
  entry(2, 'talentvik', 'Talentvik', 'recruiting', 'Structured interviews and scorecards.'),
  entry(3, 'ledgerly', 'Ledgerly', 'finance', 'Bookkeeping for Nordic startups.'),
  entry(4, 'spendwise', 'Spendwise', 'finance', 'Company cards and receipts that file themselves.'),
  entry(5, 'pixelfjord', 'Pixelfjord', 'design', 'Collaborative design in the browser.'),
].map((t) => v.parse(ToolSchema, t));

export const PARTNERS: Partner[] = [
  entry(1, 'northstar-accelerator', 'Northstar Accelerator', 'accelerator', 'A three-month programme for pre-seed teams.'),
  entry(2, 'fjellstart', 'Fjellstart', 'accelerator', "Norway's accelerator for climate and ocean tech."),
  entry(3, 'holm-and-lund-advokater', 'Holm & Lund Advokater', 'law-firm', 'Startup-friendly lawyers.'),
].map((p) => v.parse(PartnerSchema, p));

const deal = (id: number, key: string, title: string, type: Deal['type'], partner: { name: string; key: string; kind: 'tool' | 'partner' }): Deal =>
  v.parse(DealSchema, {
    id,
    key,
    title,
    type,
    image: logo(`demo/cover/${id}`),
    partnerLogo: logo(`demo/${partner.key}/logo`),
    documentFile: type === 'DOWNLOAD' ? `${title}.pdf` : null,
    description: `${title}, for startups.`,
    terms: `The terms of ${title}: one redemption per company.`,
    partnerName: partner.name,
    partnerWebsite: `https://www.${partner.key.replace(/-/g, '')}.test`,
    listing: { kind: partner.kind, key: partner.key },
  });

export const DEALS: Deal[] = [
  deal(1, 'six-months-of-hirely-for-free', 'Six months of Hirely for free', 'EXTENDED', { name: 'Hirely', key: 'hirely', kind: 'tool' }),
  deal(2, '30-off-ledgerly-bookkeeping', '30% off Ledgerly bookkeeping', 'EXTENDED', { name: 'Ledgerly', key: 'ledgerly', kind: 'tool' }),
  deal(3, 'employment-contract-templates', 'Employment contract templates', 'DOWNLOAD', {
    name: 'Holm & Lund Advokater',
    key: 'holm-and-lund-advokater',
    kind: 'partner',
  }),
];

/** The code of each EXTENDED deal. */
export const CODES: Record<string, string> = { 'six-months-of-hirely-for-free': 'NORDLYS-HIRELY-6M', '30-off-ledgerly-bookkeeping': 'NORDLYS30' };

export const directoryConfig = () => ({
  ...siteConfig(),
  toolCategories: [
    { value: 'recruiting', text: 'Recruiting' },
    { value: 'productivity', text: 'Productivity' },
    { value: 'finance', text: 'Finance' },
    { value: 'design', text: 'Design' },
  ],
  partnerCategories: [
    { value: 'accelerator', text: 'Accelerator' },
    { value: 'community', text: 'Community' },
    { value: 'law-firm', text: 'Law firm' },
  ],
});

const notFound = (what: string) => jsonAnswer({ message: API_MESSAGES.notFound(what), code: 'E_NOT_FOUND' }, 404);

export interface DirectoryServer {
  handlers: Handlers;
  /** Claims by startup key, oldest first. */
  claims: Map<string, ClaimedDeal[]>;
}

/**
 * The directory's calls as the server answers them for `user` (null: a visitor): the lists, one
 * entry, claims (members and admins only; a draft is refused) and a startup's claims.
 * `drafts` names the startups that are drafts.
 */
export function directoryServer(user: User | null, { claimed = {} as Record<string, string[]>, drafts = [] as string[] } = {}): DirectoryServer {
  const claims = new Map<string, ClaimedDeal[]>();
  const names = new Map<string, string>([['northwind-labs', 'Northwind Labs'], ['polar-robotics', 'Polar Robotics']]);
  const claimOf = (company: string, d: Deal): ClaimedDeal =>
    v.parse(ClaimedDealSchema, {
      deal: d,
      company: { key: company, name: names.get(company) ?? company },
      claimedAt: '2026-05-01T10:00:00.000Z',
      claimedBy: user?.fullName ?? 'Mads Holm',
      code: CODES[d.key] ?? null,
      redeemUrl: d.type === 'EXTENDED' ? `${d.partnerWebsite}/startups/nordlys` : null,
      document: d.type === 'DOWNLOAD' ? { url: `/api/companies/${company}/deals/${d.key}/document`, fileName: d.documentFile!, sizeBytes: 5321 } : null,
    });
  for (const [company, keys] of Object.entries(claimed)) claims.set(company, keys.map((k) => claimOf(company, DEALS.find((d) => d.key === k)!)));

  const unauthorized = () => jsonAnswer({ message: API_MESSAGES.logIn, code: 'E_UNAUTHORIZED' }, 401);
  /** The startup's claims for a member or admin; otherwise the refusal. */
  const managed = (company: string): Response | ClaimedDeal[] => {
    if (!user) return unauthorized();
    if (!names.has(company)) return notFound('Company');
    if (!user.isAdmin && !user.companies.some((c) => c.key === company)) return jsonAnswer({ message: API_MESSAGES.companyMembersOnly, code: 'E_FORBIDDEN' }, 403);
    return claims.get(company) ?? [];
  };

  const handlers: Handlers = {
    'GET users/me': () => (user ? jsonAnswer(user) : unauthorized()),
    'GET site/config-base': () => jsonAnswer(directoryConfig()),
    'GET tools': () => jsonAnswer(v.parse(ToolsAnswerSchema, { tools: TOOLS })),
    'GET pages/partners': () =>
      jsonAnswer(v.parse(PartnersPageSchema, { page: { partners: PARTNERS, content: { title: 'Our partners', intro: 'Nordlys works with accelerators and law firms.' } } })),
    'GET deals': () => jsonAnswer(v.parse(DealListSchema, { deals: DEALS })),
  };
  for (const t of TOOLS) handlers[`GET tools/${t.key}`] = () => jsonAnswer(t);
  for (const p of PARTNERS) handlers[`GET partners/${p.key}`] = () => jsonAnswer(p);
  for (const d of DEALS) {
    handlers[`GET deals/${d.key}`] = () => jsonAnswer(d);
    handlers[`POST deals/${d.key}/claim`] = (call) => {
      if (!user) return unauthorized();
      if (!user.isAdmin && user.companies.length === 0) return jsonAnswer({ message: DEAL_MESSAGES.noStartup, code: 'E_FORBIDDEN', link: '/startups/join' }, 403);
      const company = (call.json as { company?: string }).company ?? '';
      if (!company) return jsonAnswer({ message: 'Invalid input.', code: 'E_VALIDATION', errors: { company: ['Choose which startup claims the deal'] } }, 400);
      const list = managed(company);
      if (list instanceof Response) return list;
      if (drafts.includes(company)) return jsonAnswer({ message: DEAL_MESSAGES.draft, code: 'E_FORBIDDEN', link: `/client/startups/${company}/edit` }, 403);
      const existing = list.find((c) => c.deal.key === d.key);
      if (existing) return jsonAnswer(existing);
      const made = claimOf(company, d);
      claims.set(company, [made, ...list]);
      return jsonAnswer(made);
    };
  }
  for (const company of names.keys()) {
    handlers[`GET companies/${company}/deals`] = () => {
      const list = managed(company);
      return list instanceof Response ? list : jsonAnswer(v.parse(ClaimedDealListSchema, { claims: list }));
    };
    for (const d of DEALS) {
      handlers[`GET companies/${company}/deals/${d.key}`] = () => {
        const list = managed(company);
        if (list instanceof Response) return list;
        const found = list.find((c) => c.deal.key === d.key);
        return found ? jsonAnswer(found) : jsonAnswer({ message: DEAL_MESSAGES.notClaimed, code: 'E_NOT_FOUND' }, 404);
      };
    }
  }
  return { handlers, claims };
}
