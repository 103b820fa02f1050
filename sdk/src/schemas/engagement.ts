/** POST engagement/log (spec 7): an event, plus the id of the selected company or investor. */
import * as v from 'valibot';
import { jsonObjectField, textField } from './common';

/** A stored profile's id: a whole number the database's ids can hold. */
/* @__NO_SIDE_EFFECTS__ */
const profileId = (label: string) =>
  v.pipe(v.number(`${label} must be a whole number`), v.integer(`${label} must be a whole number`), v.minValue(1, `${label} must be 1 or more`), v.maxValue(2_147_483_647, `${label} must be 2147483647 or less`));

export const EngagementEventSchema = /* @__PURE__ */ v.object({
  type: v.pipe(textField('Type', 100), v.nonEmpty('Type must not be empty')),
  payload: v.optional(jsonObjectField('Payload', 4000)),
  /** Added by the client from the selected profile (spec 4); the server keeps it only for a profile the viewer holds. */
  companyId: v.optional(profileId('Company id')),
  investorId: v.optional(profileId('Investor id')),
});
export type EngagementEvent = v.InferInput<typeof EngagementEventSchema>;
