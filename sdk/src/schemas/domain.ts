/** A custom domain's claim and proof (issue #33, sdk/domains.ts), as its owner sees it on the settings and feed pages. */
import * as v from 'valibot';
import { DOMAIN_STATES } from '../domains';

/** The DNS records that prove a claim (sdk/domains.ts): either one will do. */
export const DomainRecordsSchema = /* @__PURE__ */ v.object({
  /** TXT `_nordlys.{domain}` with the claim's token. */
  txt: v.object({ type: v.literal('TXT'), name: v.string(), value: v.string() }),
  /** CNAME `{domain}` to the startup's own target, which also routes the domain here; null when the site cannot offer one. */
  cname: v.nullable(v.object({ type: v.literal('CNAME'), name: v.string(), value: v.string() })),
});
export type DomainRecords = v.InferOutput<typeof DomainRecordsSchema>;

/** A custom domain as its owner sees it: its state (sdk/domains.ts), the records that prove it, and when it was last checked. */
export const DomainClaimSchema = /* @__PURE__ */ v.object({
  domain: v.string(),
  state: v.picklist(DOMAIN_STATES),
  records: DomainRecordsSchema,
  /** When the proof was last looked up (Check now or the daily re-check); null before the first check. */
  checkedAt: v.nullable(v.string()),
  /** When it was last proven. */
  verifiedAt: v.nullable(v.string()),
});
export type DomainClaim = v.InferOutput<typeof DomainClaimSchema>;
