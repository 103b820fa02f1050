/**
 * Issue #16: what the modules public pages load at once bring with them when bundled as the site is
 * (rolldown, tree-shaken). The form checks (valibot and the sdk schemas) load on first use, behind a
 * dynamic import, and the pure parts of the sdk load without them; this keeps it so.
 */
import { fileURLToPath } from 'node:url';
import { rolldown, type OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The modules of the chunks a script of `source` loads before it runs: its own chunk and the ones it imports statically. */
async function firstLoad(source: string): Promise<string[]> {
  const bundle = await rolldown({
    input: 'first-load-entry',
    cwd: root,
    platform: 'browser',
    // The runtime is not the question here; the site's own modules and the sdk are.
    external: [/^react(-dom)?(\/|$)/, /^react-router/],
    transform: { jsx: { runtime: 'automatic' }, define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'first-load-entry' ? id : null),
        load: (id) => (id === 'first-load-entry' ? source : null),
      },
    ],
    logLevel: 'silent',
  });
  try {
    const { output } = await bundle.generate({ format: 'esm' });
    const chunks = new Map(output.filter((o): o is OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
    const entry = [...chunks.values()].find((c) => c.isEntry)!;
    const seen = new Set<OutputChunk>();
    const visit = (chunk: OutputChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      // Externals (react, react-router) are no chunk of ours.
      for (const name of chunk.imports) if (chunks.has(name)) visit(chunks.get(name)!);
    };
    visit(entry);
    return [...seen].flatMap((c) => c.moduleIds).map((id) => id.replace(root, '').replaceAll('\\', '/'));
  } finally {
    await bundle.close();
  }
}

const VALIBOT = /node_modules\/valibot\//;
// The upload form field's name (upload-field.ts) is a constant the api client sends, not a schema.
const SCHEMAS = /sdk\/src\/schemas\/(?!upload-field\.ts)/;

describe('the first load of public pages (#16)', () => {
  it.each([
    ['the apply dialog (the job page)', 'site/src/components/ApplyDialog.tsx'],
    ['the digest subscription (the home page and /jobs)', 'site/src/components/DigestSubscribe.tsx'],
    ['the form messages (every page with a form)', 'site/src/components/form/errors.ts'],
    ['the preferred country (/pricing)', 'site/src/lib/preferredCountry.ts'],
    ['the job search feeds (/jobs)', 'site/src/lib/jobSearch.ts'],
  ])('%s loads neither valibot nor the schemas', async (_what, file) => {
    const modules = await firstLoad(`export * from '${root}${file}';`);
    expect(modules).toContain(file);
    expect(modules.filter((m) => VALIBOT.test(m) || SCHEMAS.test(m))).toEqual([]);
  });

  it('the apply form, its CV upload and its schema load when the dialog opens, not with the page', async () => {
    const modules = await firstLoad(`export * from '${root}site/src/components/ApplyDialog.tsx';`);
    expect(modules.filter((m) => /ApplyForm|CvField|ImageField/.test(m))).toEqual([]);
    // What it leaves out is there once the form loads (and this check sees valibot where it is).
    const form = await firstLoad(`export * from '${root}site/src/components/ApplyForm.tsx';`);
    expect(form.filter((m) => VALIBOT.test(m) || /talent-profile|CvField/.test(m)).length).toBeGreaterThanOrEqual(3);
  });

  it('the pure form rules and search helpers of the sdk load without valibot, from their old places too', async () => {
    const modules = await firstLoad(`
      export { createSubmitGuard, touchAll, hasErrors, prefillName, preferredCountryToStore, isSearchSavable, passwordChecklist, withScheme } from '@nordlys/sdk/validation';
      export { searchKey, splitSearch, searchQuery, searchLabel } from '@nordlys/sdk/search-history';
    `);
    expect(modules).toContain('sdk/src/search-query.ts');
    expect(modules.filter((m) => VALIBOT.test(m) || SCHEMAS.test(m) || m.endsWith('account-forms.ts'))).toEqual([]);
  });

  it('a job card’s vocabularies come without the startups’ and investors’ lists', async () => {
    const modules = await firstLoad(`export { CATEGORIES, POSITION_TYPES, PERKS, countryName } from '@nordlys/sdk/constants';`);
    expect(modules).toContain('sdk/src/job-vocabulary.ts');
    expect(modules.filter((m) => /company-vocabulary|investor-vocabulary/.test(m))).toEqual([]);
  });

  it('the talent profile and quick apply schemas come without the job form, the startup forms and the applicant board', async () => {
    const modules = await firstLoad(`export { ApplicantProfileInputSchema, QuickApplySchema } from '@nordlys/sdk/schemas';`);
    expect(modules).toContain('sdk/src/schemas/talent-profile.ts');
    expect(modules.filter((m) => /schemas\/(job-input|profile-input|application|company|investor|job)\.ts$|pricing|job-status|pipeline/.test(m))).toEqual([]);
  });
});
