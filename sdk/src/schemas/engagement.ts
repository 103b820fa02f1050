/** POST engagement/log (spec 7): an event, plus the id of the selected company or investor. */
import * as v from 'valibot';
import { jsonObjectField, textField } from './common';

export const EngagementEventSchema = /* @__PURE__ */ v.object({
  type: v.pipe(textField('Type', 100), v.nonEmpty()),
  payload: v.optional(jsonObjectField('Payload', 4000)),
  /** Added by the client from the selected profile. */
  companyId: v.optional(v.number()),
  investorId: v.optional(v.number()),
});
export type EngagementEvent = v.InferInput<typeof EngagementEventSchema>;
