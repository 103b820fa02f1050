/** The applicant route of spec 7: POST applicant creates (or enables again) the signed-in user's applicant profile. */
import { Hono } from 'hono';
import { currentViewer, requireUser, sessionExpired } from '../accounts/guards';
import { loadUser } from '../accounts/user-dto';
import { enableApplicantProfile, findUserById } from '../accounts/users';
import type { Db } from '../db/client';
import { privateNoStore } from '../http/cache';
import type { AppEnv } from '../http/viewer';

export function applicantRouter(db: Db) {
  return new Hono<AppEnv>().post('/applicant', privateNoStore, requireUser, async (c) => {
    const { userId } = currentViewer(c);
    if (!(await findUserById(db, userId))) throw sessionExpired(c);
    await enableApplicantProfile(db, userId);
    // spec 4: the client then selects 'applicant'; the answer carries applicant.enabled for it.
    const user = await loadUser(db, userId);
    if (!user) throw sessionExpired(c);
    return c.json(user, 201);
  });
}
