import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonAnswer } from '../testing/fake-fetch';
import { createApi, type Api } from './index';

type Case = [name: string, call: (api: Api) => Promise<unknown>, method: string, path: string];

const cases: Case[] = [
  ['jobs.interested', (api) => api.jobs.interested(7), 'POST', '/api/jobs/7/interested'],
  ['jobs.uninterested', (api) => api.jobs.uninterested(7), 'POST', '/api/jobs/7/uninterested'],
  ['jobs.save', (api) => api.jobs.save(7), 'POST', '/api/jobs/7/save'],
  ['jobs.unsave', (api) => api.jobs.unsave(7), 'POST', '/api/jobs/7/unsave'],
  ['companies.hidden', (api) => api.companies.hidden('aurora-labs'), 'GET', '/api/companies/aurora-labs/hidden'],
  ['companies.byDomain', (api) => api.companies.byDomain('jobs.aurora.dk'), 'GET', '/api/companies/domain/jobs.aurora.dk'],
  ['companies.byWhiteLabelDomain', (api) => api.companies.byWhiteLabelDomain('feed.aurora.dk'), 'GET', '/api/companies/white-label-feed-domain/feed.aurora.dk'],
  ['companies.follow', (api) => api.companies.follow('aurora-labs'), 'POST', '/api/companies/aurora-labs/follow'],
  ['companies.unfollow', (api) => api.companies.unfollow('aurora-labs'), 'POST', '/api/companies/aurora-labs/unfollow'],
  ['companies.job', (api) => api.companies.job('aurora-labs', 7), 'GET', '/api/companies/aurora-labs/jobs/7'],
  ['hiring.applicants', (api) => api.hiring.applicants('aurora-labs'), 'GET', '/api/companies/aurora-labs/applicants'],
  ['site.configurationCached', (api) => api.site.configurationCached(), 'GET', '/api/site/configuration-cached'],
];

describe('job, company and site calls (spec 7)', () => {
  it.each(cases)('%s sends %s %s without a body', async (_name, call, method, path) => {
    const { calls, fetch } = fakeFetch(() => jsonAnswer({ ok: 1 }));
    const answer = await call(createApi({ baseUrl: 'http://nordlys.test/api/', fetch }));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, path, text: '' });
    // Reads answer the server's JSON; the state changes answer nothing (spec 7 shows no answer).
    expect(answer).toEqual(method === 'GET' ? { ok: 1 } : undefined);
  });

  it('escapes a company key in the path', async () => {
    const { last, fetch } = fakeFetch(() => jsonAnswer({}));
    await createApi({ baseUrl: 'http://nordlys.test/api/', fetch }).companies.follow('a/b?c');
    expect(last().path).toBe('/api/companies/a%2Fb%3Fc/follow');
  });

  it('sends REMOTE as isRemote in the search with featured jobs too (spec 5)', async () => {
    const { last, fetch } = fakeFetch(() => jsonAnswer({ jobs: {}, featuredJobs: [] }));
    await createApi({ baseUrl: 'http://nordlys.test/api/', fetch }).jobs.searchWithFeatured({ countryCode: 'REMOTE', search: 'go' });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v2/jobsandfeatured', query: { isRemote: 'true', search: 'go' } });
  });
});
