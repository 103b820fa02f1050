import { describe, expect, it } from 'vitest';
import { frontendJob, summary } from '@nordlys/sdk/testing';
import { checkFakeAnswer } from './answer-schemas';
import { createFakeFetch } from './fixtures';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the fake API is held to the sdk schemas', () => {
  it('passes an answer of the right shape and refuses one that drifted, naming the field', async () => {
    await expect(checkFakeAnswer('GET', 'jobs/single/1', json(frontendJob))).resolves.toBeUndefined();
    const drifted = { ...frontendJob, title: 42 };
    await expect(checkFakeAnswer('GET', 'jobs/single/1', json(drifted))).rejects.toThrow(/GET \/api\/jobs\/single\/1 \(200\).*at title/);
    await expect(checkFakeAnswer('GET', 'v2/jobs/latest/3', json({ jobs: [summary(frontendJob)] }))).resolves.toBeUndefined();
    await expect(checkFakeAnswer('GET', 'v2/jobs/latest/3', json([summary(frontendJob)]))).rejects.toThrow(/does not match/);
  });

  it('holds error answers to the error body of spec 8', async () => {
    await expect(checkFakeAnswer('GET', 'jobs/single/9', json({ message: 'Job was not found', code: 'E_NOT_FOUND' }, 404))).resolves.toBeUndefined();
    await expect(checkFakeAnswer('GET', 'jobs/single/9', json({ error: 'nope' }, 404))).rejects.toThrow(/at message/);
  });

  it('refuses a body on a call that answers 204, and a call with no schema', async () => {
    await expect(checkFakeAnswer('POST', 'users/sign-out', new Response(null, { status: 204 }))).resolves.toBeUndefined();
    await expect(checkFakeAnswer('POST', 'users/sign-out', json({ ok: true }))).rejects.toThrow(/answers 204/);
    await expect(checkFakeAnswer('GET', 'tools', json({ tools: [] }))).rejects.toThrow(/no schema/);
  });

  it('checks every answer the fake fetch gives, so a bad fixture fails the call that used it', async () => {
    const { fetch } = createFakeFetch();
    const ok = await fetch('http://test/api/v2/jobs?search=frontend');
    expect(ok.status).toBe(200);
    // No fixture answers /tools: the fake's own 404 is an error body, but it must still be a valid one.
    const missing = await fetch('http://test/api/companies/nobody');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Company was not found', code: 'E_NOT_FOUND' });
  });
});
