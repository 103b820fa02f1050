// Gzip budgets of the shipped embed files (style.md 10): reads the real dist files, prints each figure, exits 1 when over.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/v1/', import.meta.url));
const KB = 1024;
const BUDGETS = [
  { file: 'loader.min.js', budget: 1 * KB },
  { file: 'snippet.html', budget: 1 * KB },
  { file: 'jobs.js', budget: 11 * KB },
  { file: 'careers.js', budget: 15 * KB },
  { file: 'white-label.js', budget: 15 * KB },
];

let failed = false;
for (const { file, budget } of BUDGETS) {
  const path = dist + file;
  if (!existsSync(path)) {
    console.error(`✗ ${file}: missing; run the build first (npm run build -w embed)`);
    failed = true;
    continue;
  }
  const bytes = readFileSync(path);
  const gz = gzipSync(bytes, { level: 9 }).length;
  const ok = gz <= budget;
  failed ||= !ok;
  console.log(`${ok ? '✓' : '✗'} ${file}: ${bytes.length} B raw, ${gz} B gzip (budget ${budget} B, ${ok ? `${budget - gz} B left` : `${gz - budget} B over`})`);
}
process.exit(failed ? 1 : 0);
