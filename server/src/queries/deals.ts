/**
 * Deals for startups (spec 3 Deal, issue #15): the public list and one deal, and a startup's claims.
 * A claim is one row per deal and startup (deal_claims, unique), made when a member reveals the code
 * or opens the document; claiming again keeps the first row.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClaimedDeal, Deal } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { companies, dealClaims, deals, images, partners, storedFiles, tools, users } from '../db/schema';
import { toImage } from '../images';

const dealImage = alias(images, 'deal_image');
const partnerLogo = alias(images, 'deal_partner_logo');

/**
 * A deal names its partner by name; when a partner or a tool of that name is listed, the deal links
 * to its page (a partner first: it is who offers the deal).
 */
const partnerKey = sql<string | null>`(SELECT p.key FROM ${partners} p WHERE p.name = ${deals.partnerName} ORDER BY p.position, p.id LIMIT 1)`;
const toolKey = sql<string | null>`(SELECT t.key FROM ${tools} t WHERE t.name = ${deals.partnerName} ORDER BY t.position, t.id LIMIT 1)`;

const dealColumns = {
  deal: deals,
  image: dealImage.path,
  partnerLogo: partnerLogo.path,
  documentName: storedFiles.fileName,
  documentSize: storedFiles.sizeBytes,
  partnerKey,
  toolKey,
};

type DealRow = {
  deal: typeof deals.$inferSelect;
  image: string | null;
  partnerLogo: string | null;
  documentName: string | null;
  documentSize: number | null;
  partnerKey: string | null;
  toolKey: string | null;
};

/** The deals with their images, document facts and listing, before any WHERE. */
function selectDeals(db: Db) {
  return db
    .select(dealColumns)
    .from(deals)
    .leftJoin(dealImage, eq(dealImage.id, deals.imageId))
    .leftJoin(partnerLogo, eq(partnerLogo.id, deals.partnerLogoImageId))
    .leftJoin(storedFiles, eq(storedFiles.path, deals.documentFile));
}

function toDeal(row: DealRow): Deal {
  const { deal } = row;
  return {
    id: deal.id,
    key: deal.key,
    title: deal.title,
    type: deal.type,
    image: toImage(row.image),
    partnerLogo: toImage(row.partnerLogo),
    documentFile: deal.type === 'DOWNLOAD' ? row.documentName : null,
    description: deal.description,
    terms: deal.terms,
    partnerName: deal.partnerName,
    partnerWebsite: deal.partnerWebsite,
    listing: row.partnerKey ? { kind: 'partner', key: row.partnerKey } : row.toolKey ? { kind: 'tool', key: row.toolKey } : null,
  };
}

/** Every deal, newest first. */
export async function listDeals(db: Db): Promise<Deal[]> {
  const rows = await selectDeals(db).orderBy(desc(deals.createdAt), desc(deals.id));
  return rows.map(toDeal);
}

/** The deal at /deals/{key} with its id, or null. */
export async function getDeal(db: Db, key: string): Promise<Deal | null> {
  const [row] = await selectDeals(db).where(eq(deals.key, key));
  return row ? toDeal(row) : null;
}

/** Where a claimed deal's document is read: members and admins of the startup only. */
export const dealDocumentUrl = (company: string, deal: string) => `/api/companies/${encodeURIComponent(company)}/deals/${encodeURIComponent(deal)}/document`;

/**
 * Records that `companyId` claimed deal `dealId` (by `userId`), once: a second claim keeps the first
 * row. Safe under concurrent claims (the unique index decides).
 */
export async function claimDeal(db: Db, claim: { dealId: number; companyId: number; userId: number; at: Date }): Promise<void> {
  await db
    .insert(dealClaims)
    .values({ dealId: claim.dealId, companyId: claim.companyId, userId: claim.userId, claimedAt: claim.at })
    .onConflictDoNothing({ target: [dealClaims.dealId, dealClaims.companyId] });
}

const claimColumns = {
  companyKey: companies.key,
  companyName: companies.name,
  claimedAt: dealClaims.claimedAt,
  claimerFirst: users.firstName,
  claimerLast: users.lastName,
};

/** The claims of a startup, with their deals; `dealKey` narrows to one. */
async function selectClaims(db: Db, companyId: number, dealKey?: string) {
  return db
    .select({ ...dealColumns, ...claimColumns })
    .from(deals)
    .leftJoin(dealImage, eq(dealImage.id, deals.imageId))
    .leftJoin(partnerLogo, eq(partnerLogo.id, deals.partnerLogoImageId))
    .leftJoin(storedFiles, eq(storedFiles.path, deals.documentFile))
    .innerJoin(dealClaims, eq(dealClaims.dealId, deals.id))
    .innerJoin(companies, eq(companies.id, dealClaims.companyId))
    .leftJoin(users, eq(users.id, dealClaims.userId))
    .where(and(eq(dealClaims.companyId, companyId), dealKey === undefined ? undefined : eq(deals.key, dealKey)))
    .orderBy(desc(dealClaims.claimedAt), desc(dealClaims.id));
}

type ClaimRow = Awaited<ReturnType<typeof selectClaims>>[number];

function toClaimedDeal(row: ClaimRow): ClaimedDeal {
  const { deal } = row;
  const extended = deal.type === 'EXTENDED';
  const hasDocument = deal.type === 'DOWNLOAD' && row.documentName !== null && row.documentSize !== null;
  return {
    deal: toDeal(row),
    company: { key: row.companyKey, name: row.companyName },
    claimedAt: row.claimedAt.toISOString(),
    claimedBy: row.claimerFirst === null ? null : `${row.claimerFirst} ${row.claimerLast ?? ''}`.trim(),
    code: extended ? deal.code : null,
    redeemUrl: extended ? deal.redeemUrl : null,
    document: hasDocument ? { url: dealDocumentUrl(row.companyKey, deal.key), fileName: row.documentName!, sizeBytes: row.documentSize! } : null,
  };
}

/** What a startup has claimed, newest claim first, with the codes and document links. */
export async function listClaims(db: Db, companyId: number): Promise<ClaimedDeal[]> {
  return (await selectClaims(db, companyId)).map(toClaimedDeal);
}

/** The startup's claim of the deal `dealKey` with its code or document link, or null when it has not claimed it. */
export async function getClaim(db: Db, companyId: number, dealKey: string): Promise<ClaimedDeal | null> {
  const [row] = await selectClaims(db, companyId, dealKey);
  return row ? toClaimedDeal(row) : null;
}

/** The stored path of a deal's document when the startup has claimed that DOWNLOAD deal, else null. */
export async function claimedDocumentPath(db: Db, companyId: number, dealKey: string): Promise<string | null> {
  const [row] = await db
    .select({ path: deals.documentFile })
    .from(dealClaims)
    .innerJoin(deals, eq(deals.id, dealClaims.dealId))
    .where(and(eq(dealClaims.companyId, companyId), eq(deals.key, dealKey), eq(deals.type, 'DOWNLOAD')));
  return row?.path ?? null;
}
