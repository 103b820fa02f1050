/**
 * The candidate's side of the fake /api (issue #13): save, interest and follow, the flags, the saved
 * and followed lists, the applications and withdraw, as the server answers them (server/src/api/talent.ts,
 * the applicant routes). The state hangs on the fake account, so the server render and the browser of
 * one test share it; a test may set it first with `setTalentState`.
 */
import { API_MESSAGES } from '@nordlys/sdk/messages';
import type { FollowedCompany, MyApplication, SavedJob, ViewerFlags } from '@nordlys/sdk/schemas';
import { allJobs, companies, frontendJob, remoteJob } from '@nordlys/sdk/testing';
import type { FakeAccount, FakeRequest } from './accounts';

export interface FakeTalentState {
  saved: Map<number, string>;
  interested: Map<number, string>;
  followed: Map<string, string>;
  applications: MyApplication[];
  /** Mark calls answer this status instead (to test the rollback), e.g. 503. */
  failMarks?: number;
  /** Reads of the lists answer this status instead, e.g. 500. */
  failLists?: number;
}

const states = new WeakMap<FakeAccount, FakeTalentState>();

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** What talent@ has done in the fake: one saved job, one interesting one, one follow, one application. */
export function demoTalentState(): FakeTalentState {
  return {
    saved: new Map([[frontendJob.id, ago(2)]]),
    interested: new Map([[remoteJob.id, ago(1)]]),
    followed: new Map([[companies[0]!.key, ago(5)]]),
    applications: [
      {
        id: 31,
        job: remoteJob,
        stage: 'In review',
        appliedAt: ago(4),
        updatedAt: ago(2),
        message: 'I would love to help.',
        answers: [],
        cv: { fileName: 'cv.pdf', sizeBytes: 12_345 },
      },
    ],
  };
}

/** Nothing marked, nothing applied. */
export function emptyTalentState(): FakeTalentState {
  return { saved: new Map(), interested: new Map(), followed: new Map(), applications: [] };
}

/** The candidate state of a fake account: talent@'s demo state, anyone else's empty, the first time. */
export function talentState(account: FakeAccount): FakeTalentState {
  let state = states.get(account);
  if (!state) states.set(account, (state = account.user?.email === 'talent@nordlys.test' ? demoTalentState() : emptyTalentState()));
  return state;
}

export function setTalentState(account: FakeAccount, state: FakeTalentState): void {
  states.set(account, state);
}

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const error = (status: number, message: string, code: string) => json({ message, code }, status);

/** Answers the candidate's calls, or null for any other path; `requests` records each call answered. */
export function answerTalent(account: FakeAccount, request: Request, path: string, requests: FakeRequest[]): Response | null {
  const method = request.method.toUpperCase();
  const job = path.match(/^jobs\/(\d+)\/(save|unsave|interested|uninterested)$/);
  const company = path.match(/^companies\/([^/]+)\/(follow|unfollow)$/);
  const withdraw = path.match(/^applications\/(\d+)$/);
  const read = /^applicant\/(flags|saved|followed|applications)$/.test(path);
  if (!((method === 'POST' && (job || company)) || (method === 'GET' && read) || (method === 'DELETE' && withdraw))) return null;
  requests.push({ method, path, body: undefined });
  if (!account.user) return error(401, API_MESSAGES.logIn, 'E_UNAUTHORIZED');
  const state = talentState(account);
  const now = new Date().toISOString();

  if (job) {
    if (state.failMarks) return error(state.failMarks, 'The server is busy. Please try again.', 'E_UNAVAILABLE');
    const id = Number(job[1]);
    const found = allJobs.find((j) => j.id === id);
    if (!found) return error(404, API_MESSAGES.notFound('Job'), 'E_NOT_FOUND');
    const on = job[2] === 'save' || job[2] === 'interested';
    const marks = job[2] === 'save' || job[2] === 'unsave' ? state.saved : state.interested;
    if (on && !marks.has(id) && found.status !== 'ACTIVE') return error(409, 'This job has expired, so it can no longer be saved or marked as interesting.', 'E_CONFLICT');
    if (on) marks.set(id, marks.get(id) ?? now);
    else marks.delete(id);
    return json(null, 204);
  }
  if (company) {
    if (state.failMarks) return error(state.failMarks, 'The server is busy. Please try again.', 'E_UNAVAILABLE');
    const key = company[1]!;
    if (!companies.some((c) => c.key === key) && !state.followed.has(key)) return error(404, API_MESSAGES.notFound('Company'), 'E_NOT_FOUND');
    if (company[2] === 'follow') state.followed.set(key, state.followed.get(key) ?? now);
    else state.followed.delete(key);
    return json(null, 204);
  }
  if (withdraw) {
    const at = state.applications.findIndex((a) => a.id === Number(withdraw[1]));
    if (at < 0) return error(404, API_MESSAGES.notFound('Application'), 'E_NOT_FOUND');
    state.applications.splice(at, 1);
    return json(null, 204);
  }
  if (state.failLists && path !== 'applicant/flags') return error(state.failLists, API_MESSAGES.internal, 'E_INTERNAL');
  if (path === 'applicant/flags') {
    const flags: ViewerFlags = {
      savedJobIds: [...state.saved.keys()],
      interestedJobIds: [...state.interested.keys()],
      followedCompanyKeys: [...state.followed.keys()],
      applied: Object.fromEntries(state.applications.map((a) => [String(a.job.id), a.id])),
    };
    return json(flags);
  }
  if (path === 'applicant/saved') {
    const entries = [...new Set([...state.saved.keys(), ...state.interested.keys()])].flatMap((id): SavedJob[] => {
      const found = allJobs.find((j) => j.id === id);
      if (!found) return [];
      const interestedAt = state.interested.get(id) ?? null;
      return [{ job: found, saved: state.saved.has(id), interestedAt, updatedAt: state.saved.get(id) ?? interestedAt! }];
    });
    const newest = (a: string | null, b: string | null) => Date.parse(b ?? '') - Date.parse(a ?? '');
    return json({
      saved: entries.filter((e) => e.saved).sort((a, b) => newest(a.updatedAt, b.updatedAt)),
      interested: entries.filter((e) => e.interestedAt).sort((a, b) => newest(a.interestedAt, b.interestedAt)),
    });
  }
  if (path === 'applicant/followed') {
    const list = [...state.followed].flatMap(([key, followedAt]): FollowedCompany[] => {
      const found = companies.find((c) => c.key === key);
      return found ? [{ company: found, openJobs: found.numberOfActiveJobs, followedAt }] : [];
    });
    return json({ companies: list });
  }
  return json({ applications: state.applications });
}
