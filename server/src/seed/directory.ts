/**
 * The startup toolbox of the demo: tools, partners and deals (invented names on .test domains), with
 * a logo for every tool and partner, a cover image for every deal, terms, codes and redeem links for
 * the EXTENDED deals, and a real small PDF for each DOWNLOAD deal (stored like a CV: stored_files,
 * kind 'deal', served only to the startups that claim it).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dealClaims, deals, images, partners, tools } from '../db/schema';
import { databaseFileStore, PDF_CONTENT_TYPE } from '../files/index';
import { COVER_DESIGNS, demoCoverPath, logoSvg } from '../image-store/demo-images';
import { insertAll } from './batch';
import { storeDemoImages } from './images';
import { pdfDocument, type PdfBlock } from './pdf';
import { demoWebsite, slugify } from './text';
import { daysBefore } from './time';

/** [name, category (site configuration toolCategories), description]. */
const TOOLS: readonly (readonly [string, string, string])[] = [
  ['Hirely', 'recruiting', 'An applicant tracking system built for small teams, with job posting to all Nordic boards in one click.'],
  ['Talentvik', 'recruiting', 'Structured interviews and scorecards that make hiring fairer and faster.'],
  ['Onboardly', 'recruiting', 'Onboarding checklists, contracts and equipment orders for new hires.'],
  ['Flowdesk', 'productivity', 'Docs, tasks and wikis in one tool, with offline support for the ferry ride.'],
  ['Standup Owl', 'productivity', 'Asynchronous stand-ups for teams across time zones.'],
  ['Kalendr', 'productivity', 'Scheduling links that respect your focus time.'],
  ['Ledgerly', 'finance', 'Bookkeeping for Nordic startups, with VAT reports for DK, SE, NO and FI.'],
  ['Spendwise', 'finance', 'Company cards and receipts that file themselves.'],
  ['Captable.nord', 'finance', 'Cap table, warrants and employee equity programmes in one place.'],
  ['Contractly', 'legal', 'Template contracts for employment, NDAs and shareholder agreements under Nordic law.'],
  ['GDPR Buddy', 'legal', 'Data processing records and privacy policies that stay up to date.'],
  ['Pixelfjord', 'design', 'Collaborative design and prototyping in the browser.'],
  ['Iconhav', 'design', 'Open-source icon sets and illustrations with a Nordic touch.'],
];

/** [name, category (site configuration partnerCategories), description]. */
const PARTNERS: readonly (readonly [string, string, string])[] = [
  ['Northstar Accelerator', 'accelerator', 'A three-month programme for pre-seed teams, ending with a demo day in Copenhagen.'],
  ['Fjellstart', 'accelerator', 'Norway\'s accelerator for climate and ocean tech.'],
  ['Startup Sauna Society', 'community', 'Founder meetups, workshops and (of course) sauna evenings in Helsinki.'],
  ['Founders of Malmö', 'community', 'A community of 2,000 founders and operators in southern Sweden.'],
  ['Reykjavík Startup Night', 'community', 'Monthly pitch nights and mentoring in Reykjavík.'],
  ['Holm & Lund Advokater', 'law-firm', 'Startup-friendly lawyers for funding rounds, employment and IP.'],
  ['Virta Legal', 'law-firm', 'Fixed-price legal packages for Finnish startups.'],
  ['Nordbank Startups', 'bank', 'A business bank account, card and credit line made for startups.'],
  ['Sparekassen Vækst', 'bank', 'Growth loans and advisory for Danish scale-ups.'],
];

interface DealSeed {
  title: string;
  /** The tool or partner that offers it, by name. */
  partner: string;
  description: string;
  terms: string;
  /** EXTENDED: the code and the partner's page where it is redeemed. */
  code?: string;
  redeemPath?: string;
  /** DOWNLOAD: the document. */
  document?: { subtitle: string; blocks: PdfBlock[] };
}

const h = (text: string): PdfBlock => ({ kind: 'heading', text });
const p = (text: string): PdfBlock => ({ kind: 'paragraph', text });
const li = (text: string): PdfBlock => ({ kind: 'bullet', text });

const DEALS: readonly DealSeed[] = [
  {
    title: 'Six months of Hirely for free',
    partner: 'Hirely',
    description: 'Post your jobs and manage applicants with Hirely for free for six months. Unlimited jobs and up to 10 users.',
    terms:
      'For startups new to Hirely. Six months of the Team plan at no cost, for up to 10 users and unlimited job posts. After six months the plan continues at the list price unless you cancel; cancel any time from your account settings. One redemption per company.',
    code: 'NORDLYS-HIRELY-6M',
    redeemPath: '/startups/nordlys',
  },
  {
    title: '30% off Ledgerly bookkeeping',
    partner: 'Ledgerly',
    description: 'Get 30% off your first year of bookkeeping with Ledgerly.',
    terms:
      '30% off every monthly invoice for the first 12 months of any Ledgerly plan. Valid for companies registered in Denmark, Sweden, Norway or Finland that have not been Ledgerly customers before. Cannot be combined with other offers.',
    code: 'NORDLYS30',
    redeemPath: '/signup',
  },
  {
    title: 'Free company cards for a year',
    partner: 'Spendwise',
    description: 'Ten free company cards and no monthly fee in the first year.',
    terms:
      'Up to ten physical or virtual cards and no monthly platform fee for 12 months from sign-up. Card transactions abroad carry the usual currency fee. Subject to Spendwise\'s credit check of the company.',
    code: 'SPEND-NORDLYS-12',
    redeemPath: '/partners/nordlys',
  },
  {
    title: 'Employment contract templates',
    partner: 'Holm & Lund Advokater',
    description: 'Download employment contract templates for Denmark, Sweden and Norway, reviewed by lawyers.',
    terms:
      'Free to use for your own company\'s hires. The templates are a starting point, not legal advice for your situation: have a lawyer review contracts for senior hires, equity or non-compete clauses.',
    document: {
      subtitle: 'What a Nordic employment contract must say, with a checklist per country. From Holm & Lund Advokater.',
      blocks: [
        h('Why a written contract'),
        p('Across the EU, the directive on transparent and predictable working conditions (2019/1152) gives every employee the right to the essential terms of the job in writing. Denmark, Sweden and Norway have written this into their own laws, and the core terms are due within the first week of work. A clear contract also protects the startup: it settles notice, confidentiality and who owns what the employee builds.'),
        h('The terms every contract should state'),
        li('The employer and the employee, and where the work is done (or that it is done in several places or remotely).'),
        li('The job title or a short description of the work, and the start date.'),
        li('For a fixed term: the end date, or what ends the employment. Any probation period and its length.'),
        li('The salary, how often it is paid, pension and other benefits such as equity or warrants.'),
        li('Normal working hours, how overtime is handled, and the right to paid holiday.'),
        li('The notice periods for both sides, and which collective agreement applies, if any.'),
        h('Denmark'),
        p('Salaried employees are usually covered by the Salaried Employees Act (funktionærloven), which sets the employer\'s notice by length of service. Probation of up to three months is common. State holiday rights under the Holiday Act and any pension scheme.'),
        h('Sweden'),
        p('The Employment Protection Act (LAS) presumes employment until further notice. Probationary employment of up to six months is possible. Many startups are not bound by a collective agreement, but check whether the role falls under one.'),
        h('Norway'),
        p('The Working Environment Act requires a written contract for every employment. Probation of up to six months must be agreed in writing. State the pension scheme: mandatory occupational pension (OTP) applies to most employers.'),
        h('Before you send it'),
        li('Intellectual property: make clear that work results belong to the company.'),
        li('Confidentiality: keep it reasonable and tied to real business secrets.'),
        li('Non-compete clauses are strictly limited in all three countries: ask a lawyer before using one.'),
      ],
    },
  },
  {
    title: 'Warrant programme guide',
    partner: 'Captable.nord',
    description: 'A step-by-step guide to setting up an employee warrant programme in the Nordics.',
    terms: 'Free for startups on Nordlys. The guide explains the main choices; the tax treatment depends on your company and each employee, so confirm yours with an adviser.',
    document: {
      subtitle: 'Employee equity for Nordic startups, step by step. From Captable.nord.',
      blocks: [
        h('Why employee equity'),
        p('Early hires take a risk on a young company. Warrants or options let them share in the value they help build, and they are how Nordic startups compete with larger employers on pay.'),
        h('Step 1: decide the pool'),
        p('Set aside a share of the fully diluted capital for employees, often 5 to 15 percent before a Series A. Investors will ask for the pool in the round\'s terms, so agree it early.'),
        h('Step 2: choose the instrument'),
        li('Denmark: warrants are the usual choice. Section 7P of the Tax Assessment Act can defer tax to the sale of the shares, within its limits.'),
        li('Sweden: qualified employee stock options (kvalificerade personaloptioner) give favourable tax for qualifying companies and employees.'),
        li('Norway: the scheme for start-up options (opsjonsordning for oppstartsselskaper) defers tax for qualifying small companies.'),
        li('Finland: stock options are common; check the employer\'s social security costs when they are exercised.'),
        h('Step 3: vesting and leaver terms'),
        p('Four years with a one-year cliff is the common pattern. Write down what happens when someone leaves (good and bad leaver), and at an exit (acceleration).'),
        h('Step 4: board and shareholder approval'),
        p('The general meeting authorises the board to issue warrants or options; the board then grants them. Keep the resolutions, the terms and the grants in one place.'),
        h('Step 5: tell the team'),
        p('Explain the programme in plain words: what one warrant is worth at the last round\'s price, what it costs to exercise, and when it vests. A programme nobody understands motivates nobody.'),
      ],
    },
  },
  {
    title: 'Pixelfjord Pro for startups',
    partner: 'Pixelfjord',
    description: 'Pixelfjord Pro free for a year for teams of up to five designers.',
    terms:
      'Twelve months of Pixelfjord Pro for up to five editors; viewers are always free. For companies founded less than five years ago with less than EUR 5 million in funding. After the year, the team moves to the paid plan or back to the free plan.',
    code: 'FJORD-PRO-NORDLYS',
    redeemPath: '/startups',
  },
  {
    title: 'Fundraising deck template',
    partner: 'Northstar Accelerator',
    description: 'The pitch deck template our demo day teams use, with notes on every slide.',
    terms: 'Free to use and adapt for your own fundraising. Please do not resell it.',
    document: {
      subtitle: 'Twelve slides, and what investors look for on each. From Northstar Accelerator.',
      blocks: [
        p('Investors see hundreds of decks. Most spend a few minutes on each, so the story must be clear without you in the room. Keep one idea per slide and put the number that proves it on the slide.'),
        h('The slides'),
        li('1. Title: the company, one line on what it does, and your contact.'),
        li('2. Problem: who has it, how often, and what it costs them today.'),
        li('3. Solution: what you built and why it solves the problem better than what they use now.'),
        li('4. Product: two or three screenshots or a short flow. Show, do not describe.'),
        li('5. Market: the customers you can reach, bottom-up: number of customers times what they pay.'),
        li('6. Traction: revenue, users, growth rate, retention or pilots: the strongest evidence first.'),
        li('7. Business model: how you make money, prices, and the unit economics you know.'),
        li('8. Competition: the alternatives customers have, and the reason they choose you.'),
        li('9. Go-to-market: how you win the next 100 customers, and what it costs.'),
        li('10. Team: why this team wins, and the hires the round pays for.'),
        li('11. Financials: the plan for the next 18 to 24 months, and the milestones it reaches.'),
        li('12. The ask: how much you raise, on which terms, and what it takes you to.'),
        h('Before you send it'),
        p('Send a PDF, not a link that asks for an e-mail address. Name the file with the company and the month. Have someone outside the company read it and tell you, in one sentence, what you do.'),
      ],
    },
  },
];

/** A logo for every tool and partner, at demo/{tool|partner}/{key}/logo. */
const logoPath = (kind: 'tool' | 'partner', key: string) => `demo/${kind}/${key}/logo`;
/** Where a DOWNLOAD deal's document is stored: stored_files.path. */
const documentPath = (key: string) => `deal/${key}.pdf`;

export function buildTools(logoIds: ReadonlyMap<string, number> = new Map()): (typeof tools.$inferInsert)[] {
  return TOOLS.map(([name, category, description], position) => {
    const key = slugify(name);
    return { key, name, website: demoWebsite(name), logoImageId: logoIds.get(logoPath('tool', key)) ?? null, category, description, position };
  });
}

export function buildPartners(logoIds: ReadonlyMap<string, number> = new Map()): (typeof partners.$inferInsert)[] {
  return PARTNERS.map(([name, category, description], position) => {
    const key = slugify(name);
    return { key, name, website: demoWebsite(name), logoImageId: logoIds.get(logoPath('partner', key)) ?? null, category, description, position };
  });
}

export function buildDeals(now: Date, imageIds: ReadonlyMap<string, number> = new Map()): (typeof deals.$inferInsert)[] {
  return DEALS.map((deal, i) => {
    const key = slugify(deal.title);
    const partnerKey = slugify(deal.partner);
    const partnerLogo = imageIds.get(logoPath('partner', partnerKey)) ?? imageIds.get(logoPath('tool', partnerKey)) ?? null;
    const website = demoWebsite(deal.partner);
    return {
      key,
      title: deal.title,
      type: deal.document ? 'DOWNLOAD' : 'EXTENDED',
      description: deal.description,
      terms: deal.terms,
      partnerName: deal.partner,
      partnerWebsite: website,
      imageId: imageIds.get(demoCoverPath(i % COVER_DESIGNS)) ?? null,
      partnerLogoImageId: partnerLogo,
      code: deal.code ?? null,
      redeemUrl: deal.redeemPath ? `${website}${deal.redeemPath}` : null,
      documentFile: deal.document ? documentPath(key) : null,
      createdAt: daysBefore(now, (i + 1) * 5),
    };
  });
}

/** The PDF of each DOWNLOAD deal, by its stored path. */
export function buildDealDocuments(): { path: string; fileName: string; bytes: Buffer }[] {
  return DEALS.flatMap((deal) => {
    if (!deal.document) return [];
    const key = slugify(deal.title);
    const bytes = pdfDocument({ title: deal.title, subtitle: deal.document.subtitle, blocks: deal.document.blocks, footer: `${deal.partner} for startups on Nordlys` });
    return [{ path: documentPath(key), fileName: `${deal.title}.pdf`, bytes }];
  });
}

/**
 * Seeds the toolbox: tool and partner logos, the tools, the partners, the deals' documents and the
 * deals. Runs after seedDemoImages, whose covers the deals use.
 */
export async function seedDirectory(db: Db, now: Date): Promise<void> {
  const logos = [
    ...TOOLS.map(([name]) => ({ kind: 'tool' as const, name })),
    ...PARTNERS.map(([name]) => ({ kind: 'partner' as const, name })),
  ].map(({ kind, name }) => ({ path: logoPath(kind, slugify(name)), type: 'logo' as const, svg: logoSvg(name, `${kind}-${slugify(name)}`) }));
  const logoIds = await storeDemoImages(db, logos);
  const imageIds = new Map(logos.map((logo, i) => [logo.path, logoIds[i]!]));
  const coverPaths = Array.from({ length: COVER_DESIGNS }, (_, design) => demoCoverPath(design));
  for (const row of await db.select({ id: images.id, path: images.path }).from(images).where(inArray(images.path, coverPaths))) imageIds.set(row.path, row.id);

  await insertAll(db, tools, buildTools(imageIds));
  await insertAll(db, partners, buildPartners(imageIds));
  const store = databaseFileStore();
  for (const document of buildDealDocuments()) {
    await store.put(db, { ...document, kind: 'deal', ownerUserId: null, contentType: PDF_CONTENT_TYPE });
  }
  await insertAll(db, deals, buildDeals(now, imageIds));
}

/** The deal Northwind Labs has claimed in the demo, so its Deals page shows one. */
export const DEMO_CLAIMED_DEAL = slugify(DEALS[0]!.title);

/** Northwind's claim of the Hirely deal, by its founder, three days ago. */
export async function seedDealClaims(db: Db, { companyId, userId, now }: { companyId: number; userId: number; now: Date }): Promise<void> {
  const [deal] = await db.select({ id: deals.id }).from(deals).where(eq(deals.key, DEMO_CLAIMED_DEAL));
  if (!deal) throw new Error(`Demo seed: missing deal ${DEMO_CLAIMED_DEAL}`);
  await db.insert(dealClaims).values({ dealId: deal.id, companyId, userId, claimedAt: daysBefore(now, 3) });
}
