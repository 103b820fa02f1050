/** The demo-data seeder: seedDemo for an empty database, growJobs for large job tables, and the demo accounts. */
export { seedDemo, DEMO_SEED } from './seed-demo';
export type { SeedOptions } from './seed-demo';
export { isDatabaseEmpty } from './database-empty';
export { growJobs } from './grow-jobs';
export type { GrowOptions } from './grow-jobs';
export type { SeedSummary } from './summary';
export { seedSummary } from './summary';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
export type { DemoAccount, DemoEmail } from './accounts';
export { NORTHWIND_KEY, DRAFT_STARTUP_KEY, NORDIC_PARTNER_KEY, POLARIS_IMPACT_KEY } from './companies';
export { FJORD_VENTURES_KEY } from './investors';
export { PARTNER_FEED_DOMAIN } from './feed';
export { TALENT_DIGEST_KEY } from './activity';
export { DEMO_CANDIDATES, OPEN_JOB_INDEXES, DEMO_SCREENING_QUESTIONS } from './applicants';
