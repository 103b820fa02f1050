/** The job form's values: a stored form comes back unchanged through the form, numbers are sent as numbers, and the preview places the job as the server will. */
import { defaultExpirationDay, JobInputSchema, type JobManage } from '@nordlys/sdk/schemas';
import { auroraLabs } from '@nordlys/sdk/testing';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { draftOf, inputOf, missingOf, newDraft, previewJob } from './draft';

const expiration = defaultExpirationDay();
const company = { ...auroraLabs, addresses: [{ countryCode: 'SE', address: 'Drottninggatan 5, 111 51 Stockholm' }], perks: ['gym'] };

const stored: JobManage['form'] = {
  title: 'Data Engineer',
  description: '<p>Pipelines &amp; <b>models</b>.</p>',
  categories: ['data-science', 'backend'],
  positionType: 'PART_TIME',
  location: { kind: 'place', locality: 'Tampere', countryCode: 'FI', address: null },
  salary: { type: 'range', min: 4000, max: 5500, currency: 'EUR', period: 'month' },
  equity: { type: 'percentage', min: 0.25, max: 1.5 },
  apply: { method: 'email', email: 'jobs@aurora-labs.example' },
  perks: ['coffee', 'pension'],
  expirationDate: `${expiration}T23:59:59.999Z`,
  screeningQuestions: ['Which SQL dialects do you know?'],
};

describe('the job form values', () => {
  it('sends a stored form back as it was: through the form and the sdk schema', () => {
    const parsed = v.parse(JobInputSchema, inputOf(draftOf(stored, expiration)));
    expect(parsed).toEqual(stored);
  });

  it('reads amounts as typed: spaces and a decimal comma are fine, words go to the schema for its message', () => {
    const draft = { ...newDraft(company, expiration), title: 'X', salaryType: 'range' as const, salaryMin: '40 000', salaryMax: 'lots', equityType: 'percentage' as const, equityMin: '0,5', equityMax: '1' };
    const result = v.safeParse(JobInputSchema, inputOf(draft));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.issues!.map((i) => [v.getDotPath(i), i.message]));
    expect(messages).toEqual({ 'salary.max': 'Please enter the highest salary' });
    expect((inputOf({ ...draft, salaryMax: '50000' }) as { salary: unknown; equity: unknown }).salary).toMatchObject({ min: 40000, max: 50000 });
    expect((inputOf(draft) as { equity: unknown }).equity).toEqual({ type: 'percentage', min: 0.5, max: 1 });
  });

  it("starts a new job at the startup's first address, with its perks and in its currency", () => {
    const draft = newDraft(company, expiration);
    expect(draft).toMatchObject({ locationKind: 'address', addressIndex: '0', perks: ['gym'], salaryCurrency: 'SEK', expirationDate: expiration });
    expect(newDraft({ ...company, addresses: [] }, expiration).locationKind).toBe('');
    expect(missingOf(draft)).toEqual({ description: 'Please describe the job', categories: 'Please choose at least one category' });
  });

  it('previews the job as talent will see it: the address copied from the startup, the date at the end of its day', () => {
    const draft = { ...newDraft(company, expiration), title: '  Robotics Engineer ', applyMethod: 'url' as const, applyUrl: 'aurora.example/jobs' };
    const job = previewJob(draft, { company, job: null, descriptionHtml: '<p>x</p>', now: new Date('2026-11-20T10:00:00Z') });
    expect(job).toMatchObject({
      title: 'Robotics Engineer',
      location: { locality: null, country: 'SE', address: 'Drottninggatan 5, 111 51 Stockholm' },
      isRemote: false,
      approvedAt: '2026-11-20T10:00:00.000Z',
      expirationDate: `${expiration}T23:59:59.999Z`,
      apply: { method: 'url', url: 'aurora.example/jobs', email: null },
      company: { key: company.key, name: company.name },
    });
    expect(previewJob({ ...draft, locationKind: 'remote', remoteCountry: 'NO' }, { company, job: null, descriptionHtml: '', now: new Date() })).toMatchObject({ isRemote: true, remoteCountryCode: 'NO', location: null });
  });
});
