/**
 * Runs only the queue's workers, without the web server: `npm run worker` (after `npm run build`), so a
 * deployment can run web and worker apart (the web side then sets RUN_WORKERS=false). Needs
 * DATABASE_URL: the embedded PGlite database belongs to one process, whose server runs the workers itself.
 * Stops gracefully on SIGTERM or SIGINT: the jobs in hand finish, then the pool closes.
 */
import { join } from 'node:path';
import { ConfigError, readConfig } from './config';
import { DEFAULT_MAIL_FROM } from './create-auth-parts';
import { openDatabaseWhenReachable } from './db/client';
import { createResolver } from './dns/create-resolver';
import { describeDatabaseError } from './db/unavailable';
import { announceEviction } from './http/shared-eviction';
import { installLastResort } from './last-resort';
import { createMailer } from './mail/mailer';
import { startQueue } from './queue/queue';
import { evictingAfterChanges, queueTasks, TASKS } from './queue/tasks';

installLastResort();
try {
  const config = readConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('DATABASE_URL', 'npm run worker needs DATABASE_URL: the embedded database (PGlite) belongs to one process, and `npm start` runs the workers itself');
  }
  // Queue work only: no visitor waits on its reads, so no read lanes (db/read-lanes.ts).
  const database = await openDatabaseWhenReachable({ url: config.databaseUrl, poolSize: 2, readLanes: 0 });
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mail.from ?? DEFAULT_MAIL_FROM });
  const tasks = queueTasks(database.db, { config, resolver: createResolver(config) });
  // The web servers' answer caches empty when an expiry round changed what visitors see (http/shared-eviction.ts).
  tasks.handlers[TASKS.expireJobs] = evictingAfterChanges(tasks.handlers[TASKS.expireJobs]!, () => {
    announceEviction(database.db, 'worker').catch((error: unknown) => console.error('[nordlys] announcing an eviction failed:', error));
  });
  const queue = await startQueue(database, { mailer, ...tasks });
  await queue.work();
  console.log(`[nordlys] worker running (mail: ${config.mail.smtpUrl ? `SMTP at ${new URL(config.mail.smtpUrl).host}` : 'outbox'})`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      console.log(`[nordlys] ${signal}: stopping the worker, letting jobs in hand finish`);
      void (async () => {
        await queue.stop().catch((error) => console.error('[nordlys] stopping the queue failed:', error));
        await mailer.close().catch(() => {});
        await database.close().catch(() => {});
        console.log('[nordlys] worker stopped');
        process.exit(0);
      })();
    });
  }
} catch (error) {
  const message = error instanceof ConfigError ? error.message : error instanceof Error && 'code' in error ? `database: ${describeDatabaseError(error)}` : String(error instanceof Error ? (error.stack ?? error.message) : error);
  console.error(`[nordlys] worker cannot start: ${message}`);
  process.exit(1);
}
