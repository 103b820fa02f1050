/** The startup toolbox: tools, partners and deals (invented names on .test domains). */
import type { deals, partners, tools } from '../db/schema';
import { demoWebsite, slugify } from './text';
import { daysBefore } from './time';

/** [name, category, description]. */
const TOOLS: readonly (readonly [string, string, string])[] = [
  ['Hirely', 'Recruiting', 'An applicant tracking system built for small teams, with job posting to all Nordic boards in one click.'],
  ['Talentvik', 'Recruiting', 'Structured interviews and scorecards that make hiring fairer and faster.'],
  ['Onboardly', 'Recruiting', 'Onboarding checklists, contracts and equipment orders for new hires.'],
  ['Flowdesk', 'Productivity', 'Docs, tasks and wikis in one tool, with offline support for the ferry ride.'],
  ['Standup Owl', 'Productivity', 'Asynchronous stand-ups for teams across time zones.'],
  ['Kalendr', 'Productivity', 'Scheduling links that respect your focus time.'],
  ['Ledgerly', 'Finance', 'Bookkeeping for Nordic startups, with VAT reports for DK, SE, NO and FI.'],
  ['Spendwise', 'Finance', 'Company cards and receipts that file themselves.'],
  ['Captable.nord', 'Finance', 'Cap table, warrants and employee equity programmes in one place.'],
  ['Contractly', 'Legal', 'Template contracts for employment, NDAs and shareholder agreements under Nordic law.'],
  ['GDPR Buddy', 'Legal', 'Data processing records and privacy policies that stay up to date.'],
  ['Pixelfjord', 'Design', 'Collaborative design and prototyping in the browser.'],
  ['Iconhav', 'Design', 'Open-source icon sets and illustrations with a Nordic touch.'],
];

const PARTNERS: readonly (readonly [string, string, string])[] = [
  ['Northstar Accelerator', 'Accelerator', 'A three-month programme for pre-seed teams, ending with a demo day in Copenhagen.'],
  ['Fjellstart', 'Accelerator', 'Norway\'s accelerator for climate and ocean tech.'],
  ['Startup Sauna Society', 'Community', 'Founder meetups, workshops and (of course) sauna evenings in Helsinki.'],
  ['Founders of Malmö', 'Community', 'A community of 2,000 founders and operators in southern Sweden.'],
  ['Reykjavík Startup Night', 'Community', 'Monthly pitch nights and mentoring in Reykjavík.'],
  ['Holm & Lund Advokater', 'Law firm', 'Startup-friendly lawyers for funding rounds, employment and IP.'],
  ['Virta Legal', 'Law firm', 'Fixed-price legal packages for Finnish startups.'],
  ['Nordbank Startups', 'Bank', 'A business bank account, card and credit line made for startups.'],
  ['Sparekassen Vækst', 'Bank', 'Growth loans and advisory for Danish scale-ups.'],
];

/** [title, type, partner name, description]. */
const DEALS: readonly (readonly [string, 'EXTENDED' | 'DOWNLOAD', string, string])[] = [
  ['Six months of Hirely for free', 'EXTENDED', 'Hirely', 'Post your jobs and manage applicants with Hirely for free for six months. Unlimited jobs and up to 10 users.'],
  ['30% off Ledgerly bookkeeping', 'EXTENDED', 'Ledgerly', 'Get 30% off your first year of bookkeeping with Ledgerly.'],
  ['Free company cards for a year', 'EXTENDED', 'Spendwise', 'Ten free company cards and no monthly fee in the first year.'],
  ['Employment contract templates', 'DOWNLOAD', 'Holm & Lund Advokater', 'Download employment contract templates for Denmark, Sweden and Norway, reviewed by lawyers.'],
  ['Warrant programme guide', 'DOWNLOAD', 'Captable.nord', 'A step-by-step guide to setting up an employee warrant programme in the Nordics.'],
  ['Pixelfjord Pro for startups', 'EXTENDED', 'Pixelfjord', 'Pixelfjord Pro free for a year for teams of up to five designers.'],
  ['Fundraising deck template', 'DOWNLOAD', 'Northstar Accelerator', 'The pitch deck template our demo day teams use, with notes on every slide.'],
];

export function buildTools(): (typeof tools.$inferInsert)[] {
  return TOOLS.map(([name, category, description], position) => ({ key: slugify(name), name, website: demoWebsite(name), category, description, position }));
}

export function buildPartners(): (typeof partners.$inferInsert)[] {
  return PARTNERS.map(([name, category, description], position) => ({ key: slugify(name), name, website: demoWebsite(name), category, description, position }));
}

export function buildDeals(now: Date): (typeof deals.$inferInsert)[] {
  return DEALS.map(([title, type, partnerName, description], i) => ({
    key: slugify(title),
    title,
    type,
    description,
    partnerName,
    documentFile: type === 'DOWNLOAD' ? `demo/deals/${slugify(title)}.pdf` : null,
    createdAt: daysBefore(now, (i + 1) * 5),
  }));
}
