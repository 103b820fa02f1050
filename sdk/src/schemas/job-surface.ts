/** Where a job is seen, clicked and applied for: the rule of a surface a request names (JOB_SURFACES, or a white-label feed's `feed:{id}`). */
import * as v from 'valibot';
import { JOB_SURFACES } from '../constants';

/** The surfaces a view, apply click or application may name (POST /jobs/{id}/apply-click). */
export const JobSurfaceSchema = /* @__PURE__ */ v.pipe(
  v.string('Surface must be text'),
  v.check((s) => (JOB_SURFACES as readonly string[]).includes(s) || /^feed:[1-9]\d{0,9}$/.test(s), `Surface must be one of: ${JOB_SURFACES.join(', ')}, feed:{id}`),
);
