// Size check of the sdk (issue #3): a bundle importing only the jobs client and the job schema must
// stay within its gzip budget. Prints the figures; exits non-zero when over budget.
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const BUDGETS = [
  {
    name: 'jobs client + job schema',
    budget: 8 * 1024,
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
for (const { name, budget, source } of BUDGETS) {
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
  const ok = gz <= budget;
  failed ||= !ok;
  console.log(
    `[size] ${name}: ${(code.length / 1024).toFixed(1)} KB min, ${(gz / 1024).toFixed(2)} KB gzip (budget ${(budget / 1024).toFixed(0)} KB) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
if (failed) process.exit(1);
