/** The job event call (POST /companies/{key}/jobs/{id}/{event}, issue #12): the job's new status out. */
import * as v from 'valibot';
import { JOB_STATUSES } from '../constants';
import { JOB_EVENTS } from '../job-status';
import { IsoDateSchema } from './common';

const EventSchema = /* @__PURE__ */ v.picklist(JOB_EVENTS, `Event must be one of: ${JOB_EVENTS.join(', ')}`);

export const JobStatusUpdateSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  status: v.picklist(JOB_STATUSES),
  approvedAt: v.nullable(IsoDateSchema),
  expirationDate: v.nullable(IsoDateSchema),
  /** The events the job takes next, for the caller (sdk allowedEvents). */
  allowedEvents: v.array(EventSchema),
});
export type JobStatusUpdate = v.InferOutput<typeof JobStatusUpdateSchema>;
