import { describe, expect, it } from 'vitest';
import { applicationSubject, applyTarget, canMoveApplication, isApproved, isBoosted, jobBrief, jobPlace, locationDisplay, normalizeJobSearch, PIPELINE, selectWidgetJobs } from './jobs';
import { postedAt } from './dates';
import { frontendJob, hostileJob, remoteJob, summary } from './testing/fixtures';

describe('job rules', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('is approved once approvedAt is set (spec 4)', () => {
    expect(isApproved({ approvedAt: null })).toBe(false);
    expect(isApproved({ approvedAt: '2026-11-01T00:00:00Z' })).toBe(true);
  });

  it('is boosted only while boostingExpiresAt lies ahead (spec 4)', () => {
    expect(isBoosted({ boostingExpiresAt: null }, { now })).toBe(false);
    expect(isBoosted({ boostingExpiresAt: '2026-11-23T00:00:00Z' }, { now })).toBe(true);
    expect(isBoosted({ boostingExpiresAt: '2026-11-22T12:00:00Z' }, { now })).toBe(false);
    expect(isBoosted({ boostingExpiresAt: '2026-11-01T00:00:00Z' }, { now })).toBe(false);
  });

  it('shows Remote, locality with country, locality, or the first address part (spec 3)', () => {
    const loc = (locality: string | null, country: string | null, address: string | null) => ({ locality, country, address });
    expect(locationDisplay({ isRemote: true, location: loc('Oslo', 'NO', null) })).toBe('Remote');
    expect(locationDisplay({ isRemote: false, location: loc('Reykjavík', 'IS', 'Laugavegur 1') })).toBe('Reykjavík, Iceland');
    expect(locationDisplay({ isRemote: false, location: loc('Tampere', null, null) })).toBe('Tampere');
    expect(locationDisplay({ isRemote: false, location: loc(null, 'SE', 'Drottninggatan 5, 111 51 Stockholm') })).toBe('Drottninggatan 5');
    expect(locationDisplay({ isRemote: false, location: null })).toBe('');
  });

  it("places a job from the form's location: an address copied from the startup's list, a place as typed, remote (issue #12)", () => {
    const addresses = [
      { countryCode: 'DK', address: 'Njalsgade 21, 2300 København S' },
      { countryCode: 'SE', address: null },
    ];
    expect(jobPlace({ kind: 'address', addressIndex: 1 }, addresses)).toEqual({ isRemote: false, remoteCountryCode: null, location: { locality: null, country: 'SE', address: null } });
    expect(jobPlace({ kind: 'address', addressIndex: 2 }, addresses)).toBeNull();
    expect(jobPlace({ kind: 'place', locality: 'Aarhus', countryCode: 'DK', address: null }, addresses)).toEqual({
      isRemote: false,
      remoteCountryCode: null,
      location: { locality: 'Aarhus', country: 'DK', address: null },
    });
    expect(jobPlace({ kind: 'remote', countryCode: 'FI' }, addresses)).toEqual({ isRemote: true, remoteCountryCode: 'FI', location: null });
    expect(jobPlace({ kind: 'remote', countryCode: null }, addresses)).toEqual({ isRemote: true, remoteCountryCode: null, location: null });
    expect(jobPlace(null, addresses)).toEqual({ isRemote: false, remoteCountryCode: null, location: null });
    // What the job page then shows for it.
    expect(locationDisplay(jobPlace({ kind: 'address', addressIndex: 0 }, addresses)!)).toBe('Njalsgade 21');
  });

  it('turns the REMOTE country into isRemote (spec 5)', () => {
    expect(normalizeJobSearch({ countryCode: 'REMOTE', search: 'go' })).toEqual({ search: 'go', isRemote: true });
    expect(normalizeJobSearch({ countryCode: 'SE' })).toEqual({ countryCode: 'SE' });
  });

  it("lists the pipeline stages in order, with 'To be rejected' and a locked 'rejected' (spec 4)", () => {
    expect(PIPELINE.map((s) => s.value)).toEqual(['applied', 'custom', 'hired', 'toreject', 'rejected']);
    expect(PIPELINE.find((s) => s.value === 'toreject')!.label).toBe('To be rejected');
    expect(PIPELINE.filter((s) => s.locked).map((s) => s.value)).toEqual(['rejected']);
    expect(canMoveApplication('applied', 'toreject')).toBe(true);
    expect(canMoveApplication('toreject', 'rejected')).toBe(true);
    expect(canMoveApplication('rejected', 'applied')).toBe(false);
    expect(canMoveApplication('hired', 'hired')).toBe(false);
  });
});

describe('apply target (issue #12, #13)', () => {
  const job = (apply?: { method: 'nordlys' | 'url' | 'email'; url: string | null; email: string | null }) => ({ title: 'Senior designer', apply });

  it('sends a URL job to its page, with http:// added and the host named without www', () => {
    expect(applyTarget(job({ method: 'url', url: 'www.aurora.example/careers/7', email: null }))).toEqual({
      kind: 'url',
      href: 'http://www.aurora.example/careers/7',
      host: 'aurora.example',
    });
    expect(applyTarget(job({ method: 'url', url: 'https://jobs.aurora.example/a', email: null }))).toMatchObject({ href: 'https://jobs.aurora.example/a', host: 'jobs.aurora.example' });
  });

  it('writes an e-mail with the subject filled in', () => {
    expect(applyTarget(job({ method: 'email', url: null, email: 'jobs@aurora.example' }))).toEqual({
      kind: 'email',
      email: 'jobs@aurora.example',
      href: `mailto:jobs@aurora.example?subject=${encodeURIComponent(applicationSubject('Senior designer'))}`,
    });
    expect(applicationSubject('Senior designer')).toBe('Application: Senior designer');
  });

  it('takes applications on Nordlys when the job says so, and by default', () => {
    expect(applyTarget(job({ method: 'nordlys', url: null, email: null }))).toEqual({ kind: 'nordlys' });
    expect(applyTarget(job())).toEqual({ kind: 'nordlys' });
  });
});

describe('job briefs (the job-list widget)', () => {
  const jobs = [frontendJob, remoteJob, hostileJob].map(summary);

  it('cuts a summary down to what the widget shows: the place as shown, and the date it shows as posted', () => {
    const brief = jobBrief(jobs[0]!);
    expect(brief).toEqual({
      id: jobs[0]!.id,
      title: jobs[0]!.title,
      company: { key: jobs[0]!.company.key, name: jobs[0]!.company.name },
      isRemote: false,
      locationName: 'Copenhagen, Denmark',
      positionType: jobs[0]!.positionType,
      postedAt: postedAt(jobs[0]!),
    });
    expect(jobBrief(jobs[1]!).locationName).toBe('Remote');
    expect(jobBrief({ ...jobs[0]!, approvedAt: null }).postedAt).toBe(jobs[0]!.createdAt);
  });

  it('selects by country, category and remote, then the first `limit`, in the order given', () => {
    const ids = (q: Parameters<typeof selectWidgetJobs>[1]) => selectWidgetJobs(jobs, q).map((j) => j.id);
    const [copenhagen, remote, hostile] = jobs.map((j) => j.id);
    expect(ids({})).toEqual([copenhagen, remote, hostile]);
    expect(ids({ limit: 1 })).toEqual([copenhagen]);
    expect(ids({ isRemote: true })).toEqual([remote]);
    expect(ids({ isRemote: false })).toEqual([copenhagen, hostile]);
    // The remote job's location is Norway.
    expect(ids({ countryCode: 'NO' })).toEqual([remote]);
    expect(ids({ countryCode: 'DK' })).toEqual([copenhagen, hostile]);
    expect(ids({ countryCode: 'ZZ' })).toEqual([]);
    // The remote job alone is in data science; either of two categories matches.
    expect(ids({ categories: ['data-science'] })).toEqual([remote]);
    expect(ids({ categories: ['data-science', 'design'] })).toEqual([copenhagen, remote, hostile]);
    expect(ids({ categories: ['data-science'], isRemote: false })).toEqual([]);
    expect(ids({ categories: ['design'], countryCode: 'DK', limit: 1 })).toEqual([copenhagen]);
  });
});
