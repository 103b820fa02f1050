// Size check of the sdk (issue #3): a bundle importing only the jobs client and the job schema must
// stay within its gzip budget. Prints the figures; exits non-zero when over budget.
// The budgeted bundle uses the fetch transport the embeds use; the ky client (the site's) is printed
// for information: ky 2 alone is about 9 KB gzip, more than the whole budget.
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const BUNDLES = [
  {
    name: 'jobs client (fetch transport) + job schema',
    budget: 8 * 1024,
    source: `
      import * as v from 'valibot';
      import { createFetchTransport } from '@nordlys/sdk/api/fetch-transport';
      import { jobsApi } from '@nordlys/sdk/api/jobs';
      import { JobSchema } from '@nordlys/sdk/schemas';
      export async function job(id) {
        const jobs = jobsApi(createFetchTransport({ baseUrl: 'https://nordlys.example/api/' }));
        return v.parse(JobSchema, await jobs.get(id));
      }`,
  },
  {
    name: 'jobs client (fetch) + job schema, for information',
    source: `
      import * as v from 'valibot';
      import { createClient } from '@nordlys/sdk/api/client';
      import { jobsApi } from '@nordlys/sdk/api/jobs';
      import { JobSchema } from '@nordlys/sdk/schemas';
      export async function job(id) {
        return v.parse(JobSchema, await jobsApi(createClient()).get(id));
      }`,
  },
];

let failed = false;
for (const { name, budget, source } of BUNDLES) {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  const gz = gzipSync(code, { level: 9 }).length;
  const verdict = budget === undefined ? '' : gz <= budget ? ` (budget ${budget / 1024} KB) ok` : ` (budget ${budget / 1024} KB) OVER BUDGET`;
  failed ||= budget !== undefined && gz > budget;
  console.log(`[size] ${name}: ${(code.length / 1024).toFixed(1)} KB min, ${(gz / 1024).toFixed(2)} KB gzip${verdict}`);
}
if (failed) process.exit(1);
