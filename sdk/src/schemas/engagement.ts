/** POST engagement/log (spec 7): an event, plus the id of the selected company or investor. */
import * as v from 'valibot';

export const EngagementEventSchema = /* @__PURE__ */ v.object({
  type: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
  payload: v.optional(v.record(v.string(), v.unknown())),
  /** Added by the client from the selected profile. */
  companyId: v.optional(v.number()),
  investorId: v.optional(v.number()),
});
export type EngagementEvent = v.InferInput<typeof EngagementEventSchema>;
