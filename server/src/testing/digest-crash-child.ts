/**
 * A process for the crash tests of the digest outbox (queue/digest-delivery.test.ts): it builds one
 * digest on the queue, says so, and then hangs, so the test can kill it with SIGKILL at that point.
 *
 *   DATABASE_URL or DATA_DIR   the test's database (PostgreSQL, or PGlite on a folder)
 *   DIGEST_ID, PERIOD          the digest to build
 *   CRASH_AT                   'committed': print COMMITTED once the digest and its mail job committed, then hang
 *                              'sending':   also take the mail job and print SENDING inside the send, then hang
 */
import { openDatabase } from '../db/client';
import type { Mailer } from '../mail/types';
import { sendDigest } from '../queue/digest-tasks';
import { QUEUES, startQueue } from '../queue/queue';

const env = process.env;
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.DATA_DIR! });
// A mail server that takes the connection and never answers: the process dies inside the send.
const hangingMailer: Mailer = {
  kind: 'smtp',
  send: () => {
    console.log('SENDING');
    return new Promise(() => {});
  },
  close: async () => {},
};
const queue = await startQueue(database, { mailer: hangingMailer, supervise: false, log: () => {} });
const outcome = await sendDigest(database.db, queue.mail, { productName: 'Nordlys', publicUrl: 'https://nordlys.example' }, { digestId: Number(env.DIGEST_ID), period: env.PERIOD! }, new Date());
console.log(`COMMITTED ${JSON.stringify(outcome)}`);
if (env.CRASH_AT === 'sending') await queue.runPending([QUEUES.mail]);
// Wait to be killed.
setInterval(() => {}, 1 << 30);
