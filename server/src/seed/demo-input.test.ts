/**
 * Issue #32: the demo's jobs are what a user could have typed. Each job's form, read back from its
 * row, passes the job form's own schema (sdk JobInputSchema; the expiry aside, which the form checks
 * against today); a salary range always says its period.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { JobInputSchema } from '@nordlys/sdk/schemas';
import { jobs, locations } from '../db/schema';
import { useTestApp } from '../testing/app';
import { backends } from '../testing/database';

const FormSchema = v.omit(JobInputSchema, ['expirationDate']);

describe.each(backends)('the demo jobs on %s', (backend) => {
  const t = useTestApp(backend);

  it("pass the job form's schema, every one: 0 refused", async () => {
    const rows = await t.db
      .select({ job: jobs, locality: locations.locality, countryCode: locations.countryCode })
      .from(jobs)
      .leftJoin(locations, eq(locations.id, jobs.locationId));
    expect(rows.length).toBeGreaterThan(1000);
    const refused: Record<string, number> = {};
    for (const { job, locality, countryCode } of rows) {
      const form = {
        title: job.title,
        description: job.description,
        categories: job.categories,
        positionType: job.positionType,
        location: job.isRemote ? { kind: 'remote', countryCode: job.remoteCountryCode } : countryCode ? { kind: 'place', locality, countryCode } : null,
        salary: job.salaryType === 'range' ? { type: 'range', min: job.salaryMin, max: job.salaryMax, currency: job.salaryCurrency, period: job.salaryPeriod } : { type: job.salaryType },
        equity: job.equityType === 'percentage' ? { type: 'percentage', min: job.equityMin, max: job.equityMax } : { type: job.equityType },
        apply: job.applyMethod === 'url' ? { method: 'url', url: job.applyUrl } : job.applyMethod === 'email' ? { method: 'email', email: job.applyEmail } : { method: 'nordlys' },
        perks: job.perks,
        screeningQuestions: job.screeningQuestions,
      };
      const result = v.safeParse(FormSchema, form);
      if (result.success) continue;
      for (const issue of result.issues) {
        const path = v.getDotPath(issue) ?? '';
        refused[path] = (refused[path] ?? 0) + 1;
      }
    }
    expect(refused).toEqual({});
  });

  it('gives every salary range a period, and a remote job no place but its country', async () => {
    const rows = await t.db.select({ salaryType: jobs.salaryType, salaryPeriod: jobs.salaryPeriod, isRemote: jobs.isRemote, locationId: jobs.locationId }).from(jobs);
    expect(rows.filter((r) => r.salaryType === 'range' && !r.salaryPeriod)).toEqual([]);
    expect(new Set(rows.filter((r) => r.salaryType === 'range').map((r) => r.salaryPeriod))).toEqual(new Set(['year', 'month', 'hour']));
    // The job form stores no place for a remote job (queries/job-writes.ts storedLocation).
    expect(rows.filter((r) => r.isRemote && r.locationId !== null)).toEqual([]);
  });
});
