/**
 * Tools, partners and deals (spec 3), and the answers of GET /tools, GET pages/partners, GET /deals
 * and a startup's claimed deals (issue #15).
 */
import * as v from 'valibot';
import { ImageSchema } from './image';

/** Tools and partners are both directory entries: a named website with a logo in a category. */
const DirectoryEntrySchema = v.object({
  id: v.number(),
  /** The entry's address on the site: /tools/{key}, /partners/{key}. */
  key: v.string(),
  name: v.string(),
  website: v.string(),
  logoImage: v.nullable(ImageSchema),
  /** A value of the site configuration's toolCategories (tools) or partnerCategories (partners). */
  category: v.string(),
  description: v.string(),
});

/** GET /tools/{key}: one tool of the startup toolbox. */
export const ToolSchema = DirectoryEntrySchema;
export type Tool = v.InferOutput<typeof ToolSchema>;

export const ToolsAnswerSchema = /* @__PURE__ */ v.object({ tools: v.array(ToolSchema) });
export type ToolsAnswer = v.InferOutput<typeof ToolsAnswerSchema>;

/** GET /partners/{key}: one partner. */
export const PartnerSchema = DirectoryEntrySchema;
export type Partner = v.InferOutput<typeof PartnerSchema>;

export const PartnersPageSchema = /* @__PURE__ */ v.object({
  page: v.object({
    partners: v.array(PartnerSchema),
    content: v.object({ title: v.string(), intro: v.string() }),
  }),
});
export type PartnersPage = v.InferOutput<typeof PartnersPageSchema>;

/** A directory key as a route parameter (/tools/{key}, /partners/{key}, /deals/{key}): lower-case words joined by dashes. */
export const DirectoryKeySchema = /* @__PURE__ */ v.pipe(
  v.string(),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Key must be lower-case letters, digits and dashes'),
  v.maxLength(100, 'Key must be at most 100 characters'),
);

/** spec 3 Deal `type`: EXTENDED reveals a code (with terms), DOWNLOAD serves a document. */
export const DEAL_TYPES = ['EXTENDED', 'DOWNLOAD'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/**
 * spec 3 Deal, as everyone may read it. The code, the redeem link and the document's bytes are not
 * here: a startup gets them by claiming the deal (ClaimedDeal).
 */
export const DealSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  key: v.string(),
  title: v.string(),
  type: v.picklist(DEAL_TYPES),
  image: v.nullable(ImageSchema),
  partnerLogo: v.nullable(ImageSchema),
  /** A DOWNLOAD deal's document, by the name it downloads under; null for an EXTENDED deal. */
  documentFile: v.nullable(v.string()),
  description: v.string(),
  /** What the deal gives and on which conditions (plain text, shown to everyone). */
  terms: v.string(),
  partnerName: v.nullable(v.string()),
  partnerWebsite: v.nullable(v.string()),
  /** The partner's or tool's page on this site, when the deal's partner is listed there. */
  listing: v.nullable(v.object({ kind: v.picklist(['tool', 'partner']), key: v.string() })),
});
export type Deal = v.InferOutput<typeof DealSchema>;

/** GET /deals: every deal, newest first. */
export const DealListSchema = /* @__PURE__ */ v.object({ deals: v.array(DealSchema) });
export type DealList = v.InferOutput<typeof DealListSchema>;

/** POST /deals/{key}/claim: which of the user's startups claims the deal. */
const CHOOSE_STARTUP = 'Choose which startup claims the deal';
export const DealClaimInputSchema = /* @__PURE__ */ v.object({
  company: v.pipe(
    v.optional(v.string(CHOOSE_STARTUP), ''),
    v.trim(),
    // One message for blank and malformed alike: the form offers the user's startups to choose from.
    v.check((key) => key.length <= 100 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key), CHOOSE_STARTUP),
  ),
});
export type DealClaimInput = v.InferInput<typeof DealClaimInputSchema>;

/**
 * A deal a startup has claimed (issue #15), for its members and the site's admins: the deal, the
 * code and where to redeem it (EXTENDED), or where to read the document (DOWNLOAD, a guarded route).
 */
export const ClaimedDealSchema = /* @__PURE__ */ v.object({
  deal: DealSchema,
  company: v.object({ key: v.string(), name: v.string() }),
  /** When the startup first claimed it (ISO 8601); claiming again changes nothing. */
  claimedAt: v.string(),
  /** The member who claimed it, or null when that account is gone. */
  claimedBy: v.nullable(v.string()),
  code: v.nullable(v.string()),
  redeemUrl: v.nullable(v.string()),
  /** GET `url` answers the PDF (members and admins only, never cached by anyone else). */
  document: v.nullable(v.object({ url: v.string(), fileName: v.string(), sizeBytes: v.number() })),
});
export type ClaimedDeal = v.InferOutput<typeof ClaimedDealSchema>;

/** GET /companies/{key}/deals: the deals the startup has claimed, newest claim first. */
export const ClaimedDealListSchema = /* @__PURE__ */ v.object({ claims: v.array(ClaimedDealSchema) });
export type ClaimedDealList = v.InferOutput<typeof ClaimedDealListSchema>;

/** The deal routes' refusals, shared by the server and the site's test fake. */
export const DEAL_MESSAGES = {
  noStartup: 'Deals are for startups: create a startup profile to claim them',
  draft: 'Finish your startup profile and send it for review before you claim deals',
  notClaimed: 'This startup has not claimed this deal',
  noDocument: 'This deal has no document',
} as const;
