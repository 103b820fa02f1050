/** The site's browser bundle (scripts/client-bundle.mjs): the chunk plan on synthetic chunk graphs, then a real rolldown build of a small app, run. */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageScripts } from '../site/src/assets';
import { clientBundleOptions, planChunks, preactAliases, publicPageLoads, type PlannedChunk } from './client-bundle.mjs';
import { siteManifest } from './site-manifest.mjs';
import type { ManifestRoute } from './size-site.mjs';

/** A chunk `name` holding the module of the same name. */
function chunk(name: string, imports: string[] = [], size = 1_000, extra: Partial<PlannedChunk> = {}): PlannedChunk {
  return { name, modules: [name], imports, size, isEntry: name === 'main', ...extra };
}

/** The scripts a page loads once the plan's groups replace the chunks they gather: main, then each chunk reached, by group. */
function scriptsOf(chunks: PlannedChunk[], plan: Map<string, string>, lazy: string[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.name, c]));
  const unit = (c: PlannedChunk) => (c.isEntry ? 'main' : (plan.get(c.modules[0] as string) ?? c.name));
  const seen = new Set<PlannedChunk>();
  const stack = lazy.map((id) => byName.get(id) as PlannedChunk);
  while (stack.length > 0) {
    const c = stack.pop() as PlannedChunk;
    if (seen.has(c)) continue;
    seen.add(c);
    stack.push(...c.imports.map((i) => byName.get(i) as PlannedChunk));
    // A group is loaded whole: every chunk it gathers, and what those import.
    const group = unit(c);
    if (group !== c.name) for (const other of chunks) if (unit(other) === group) stack.push(other);
  }
  return new Set(['main', ...[...seen].map(unit)]);
}

describe('planChunks', () => {
  // Three public pages: home and jobs share a search kit (three small chunks), the job page a form kit
  // (three chunks); 'client' is a signed-in page sharing the form kit's 'valid' and a chunk of its own with 'admin'.
  const chunks = [
    chunk('main'),
    chunk('home', ['main', 'search', 'filters', 'pager']),
    chunk('jobs', ['main', 'search', 'filters', 'pager', 'card']),
    chunk('job', ['main', 'form', 'fields', 'valid', 'card']),
    chunk('client', ['main', 'valid', 'board']),
    chunk('admin', ['main', 'board']),
    chunk('search', ['main'], 4_000),
    chunk('filters', ['main'], 2_000),
    chunk('pager', ['main'], 500),
    chunk('card', ['main'], 800),
    chunk('form', ['main', 'valid'], 3_000),
    chunk('fields', ['main'], 1_500),
    chunk('valid', ['main'], 6_000),
    chunk('board', ['main'], 20_000),
  ];
  const loads = [['home'], ['jobs'], ['job']];

  it('leaves pages within the budget as rolldown split them, but for chunks the same pages load', () => {
    const plan = planChunks({ chunks, loads, maxRequests: 10 });
    // search, filters and pager: loaded by home and jobs alike, so one script.
    expect(new Set(['search', 'filters', 'pager'].map((m) => plan.get(m))).size).toBe(1);
    expect(plan.get('search')).toBe('public');
    expect(plan.get('card')).toBeUndefined();
    expect(scriptsOf(chunks, plan, ['jobs'])).toEqual(new Set(['main', 'jobs', 'public', 'card']));
  });

  it('merges until every public page loads at most maxRequests scripts', () => {
    for (const maxRequests of [4, 3]) {
      const plan = planChunks({ chunks, loads, maxRequests });
      for (const lazy of loads) expect(scriptsOf(chunks, plan, lazy).size).toBeLessThanOrEqual(maxRequests);
    }
  });

  it('never merges the pages’ own chunks nor what only signed-in pages load', () => {
    const plan = planChunks({ chunks, loads, maxRequests: 4 });
    for (const id of ['main', 'home', 'jobs', 'job', 'client', 'admin', 'board']) expect(plan.has(id)).toBe(false);
    // What of the shared code only the job page loads (the signed-in page's use of 'valid' aside) is its '-shared' chunk.
    expect(['form', 'fields', 'valid'].map((m) => plan.get(m))).toEqual(['job-shared', 'job-shared', 'job-shared']);
    expect(scriptsOf(chunks, plan, ['job'])).toEqual(new Set(['main', 'job', 'job-shared', 'card']));
  });

  it('merges what costs the fewest bytes to pages that do not need it', () => {
    // p1 needs a, b and c but has room for two shared scripts: b (100 B) joins a or c, never a and c together.
    const graph = [chunk('main'), chunk('p1', ['a', 'b', 'c']), chunk('p2', ['a']), chunk('p3', ['c']), chunk('a', [], 10_000), chunk('b', [], 100), chunk('c', [], 10_000)];
    const plan = planChunks({ chunks: graph, loads: [['p1'], ['p2'], ['p3']], maxRequests: 4 });
    expect(scriptsOf(graph, plan, ['p1']).size).toBe(4);
    expect(plan.get('b')).toBeDefined();
    expect(plan.has('a') && plan.get('a') === plan.get('c')).toBe(false);
  });

  it('counts pages past 32 (sets of pages take several words)', () => {
    const many = Array.from({ length: 40 }, (_, i) => chunk(`p${i}`, ['main', 'a', 'b', ...(i === 39 ? ['c', 'd'] : [])]));
    const graph = [chunk('main'), ...many, chunk('a'), chunk('b'), chunk('c'), chunk('d')];
    const plan = planChunks({ chunks: graph, loads: many.map((c) => [c.name]), maxRequests: 4 });
    expect(plan.get('a')).toBe('public');
    expect(plan.get('b')).toBe('public');
    expect(plan.get('c')).toBe('p39-shared');
    expect(scriptsOf(graph, plan, ['p39'])).toEqual(new Set(['main', 'p39', 'public', 'p39-shared']));
  });

  it('does not merge chunks into a cycle, nor rolldown’s runtime', () => {
    // a → fixed (another page's chunk) → b: a and b merged would import each other through it.
    const cyclic = [
      chunk('main'),
      chunk('p1', ['main', 'a']),
      chunk('a', ['main', 'p2']),
      chunk('p2', ['main', 'b']),
      chunk('b', ['main']),
      chunk('runtime', [], 100, { pinned: true }),
      chunk('p3', ['main', 'c', 'runtime']),
      chunk('c', ['main']),
    ];
    const plan = planChunks({ chunks: cyclic, loads: [['p1'], ['p2'], ['p3']], maxRequests: 3 });
    expect(plan.has('a') && plan.get('a') === plan.get('b')).toBe(false);
    expect(plan.has('runtime')).toBe(false);
  });
});

describe('publicPageLoads', () => {
  it('lists, per page outside /client, its module and its layouts’', () => {
    const tree: ManifestRoute[] = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'home', index: true, module: 'site/src/routes/index.tsx' },
          { id: 'blog-layout', module: 'site/src/layouts/BlogLayout.tsx', children: [{ id: 'blog', path: 'blog', module: 'site/src/routes/blog/index.tsx' }] },
          { id: 'client', path: 'client', children: [{ id: 'client-home', index: true, module: 'site/src/routes/client/index.tsx' }] },
          { id: 'not-found', path: '*' },
        ],
      },
    ];
    expect(publicPageLoads(tree, '/r')).toEqual([
      ['/r/site/src/routes/index.tsx'],
      ['/r/site/src/layouts/BlogLayout.tsx', '/r/site/src/routes/blog/index.tsx'],
    ]);
  });
});

describe('preactAliases', () => {
  const handler = (preactAliases('/r').resolveId as { handler: (this: unknown, source: string) => Promise<unknown> }).handler;
  const context = { resolve: async (id: string) => ({ id: `/resolved/${id}` }) };

  it('sends React to preact/compat, and react itself through the shim with useOptimistic', async () => {
    expect(await handler.call(context, 'react')).toMatch(/scripts\/preact-react\.mjs$/);
    expect(await handler.call(context, 'react-dom')).toMatch(/scripts\/preact-react\.mjs$/);
    expect(await handler.call(context, 'react-dom/client')).toEqual({ id: '/resolved/preact/compat/client' });
    expect(await handler.call(context, 'react/jsx-runtime')).toEqual({ id: '/resolved/preact/compat/jsx-runtime' });
  });

  it('fails the build on a React module it has no Preact equivalent for', async () => {
    await expect(handler.call(context, 'react-dom/server')).rejects.toThrow(/react-dom\/server: no Preact equivalent/);
  });
});

describe('the client bundle of a small app', () => {
  // An entry importing a shared module, three lazy pages sharing modules in several ways, a signed-in page.
  const files: Record<string, string> = {
    'site/src/entry-client.tsx': `import { label } from './lib/label';
      export {};
      globalThis.app = { label, pages: { home: () => import('./routes/index'), jobs: () => import('./routes/jobs'), job: () => import('./routes/job'), client: () => import('./routes/client/index') } };`,
    'site/src/lib/label.ts': `export const label = (s: string) => '[' + s + ']';`,
    'site/src/lib/a.ts': `import { label } from './label'; export const a = label('a');`,
    'site/src/lib/b.ts': `export const b = 'b';`,
    'site/src/lib/c.ts': `export const c = 'c';`,
    'site/src/lib/d.ts': `import { c } from './c'; export const d = c + 'd';`,
    'site/src/lib/e.ts': `export const e = 'e';`,
    'site/src/lib/admin.ts': `export const admin = 'admin'.repeat(50);`,
    'site/src/routes/index.ts': `import { a } from '../lib/a'; import { b } from '../lib/b'; import { c } from '../lib/c'; export const render = () => a + b + c;`,
    'site/src/routes/jobs.ts': `import { a } from '../lib/a'; import { d } from '../lib/d'; import { e } from '../lib/e'; export const render = () => a + d + e;`,
    'site/src/routes/job.ts': `import { b } from '../lib/b'; import { d } from '../lib/d'; import { e } from '../lib/e'; export const render = () => b + d + e;`,
    'site/src/routes/client/index.ts': `import { e } from '../../lib/e'; import { admin } from '../../lib/admin'; export const render = () => e + admin;`,
  };
  const tree: ManifestRoute[] = [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'home', index: true, module: 'site/src/routes/index.ts' },
        { id: 'jobs', path: 'jobs', module: 'site/src/routes/jobs.ts' },
        { id: 'job', path: 'jobs/:id', module: 'site/src/routes/job.ts' },
        { id: 'client-home', path: 'client', module: 'site/src/routes/client/index.ts' },
      ],
    },
  ];
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'nordlys-client-bundle-'));
    for (const [file, code] of Object.entries(files)) {
      await mkdir(join(root, file, '..'), { recursive: true });
      await writeFile(join(root, file), code);
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** Builds as scripts/build.mjs does (a first pass to plan from, then the written one); returns the manifest. */
  async function build(maxRequests: number, plan: boolean) {
    const outDir = join(root, `dist-${maxRequests}-${plan}`);
    const options = clientBundleOptions({ root, outDir, runtime: 'react', maxRequests, plan, publicLoads: async () => publicPageLoads(tree, root) });
    const bundle = await rolldown(options);
    try {
      if (plan) await bundle.generate({ ...options.output, sourcemap: false, minify: false });
      const { output } = await bundle.write(options.output);
      /** The script holding a module, by URL. */
      const holder = (file: string) => `/${output.find((o) => o.type === 'chunk' && o.moduleIds.includes(join(root, file)))?.fileName}`;
      return { outDir, holder, manifest: siteManifest(output, { root, outDir, publicDir: outDir, tree }) };
    } finally {
      await bundle.close();
    }
  }

  it('loads each public page in at most maxRequests scripts, none of the signed-in page’s code', async () => {
    const split = await build(3, false);
    expect(pageScripts(split.manifest, ['root', 'jobs']).length).toBeGreaterThan(3);

    const { manifest, holder } = await build(3, true);
    for (const id of ['home', 'jobs', 'job']) {
      const scripts = pageScripts(manifest, ['root', id]);
      expect(scripts.length).toBeLessThanOrEqual(3);
      expect(scripts).not.toContain(holder('site/src/lib/admin.ts'));
    }
    // The entry's own import is in the entry's script.
    expect(holder('site/src/lib/label.ts')).toBe(manifest.scripts[0]);
    expect(manifest.scripts).toEqual([expect.stringMatching(/^\/main-[\w-]+\.js$/)]);
    expect(manifest.routes?.job).toMatch(/^\/chunks\/job-[\w-]+\.js$/);
  });

  it('runs: each lazy page, loaded from the planned chunks, renders', async () => {
    const { outDir, manifest } = await build(3, true);
    await import(pathToFileURL(join(outDir, manifest.scripts[0] as string)).href);
    const app = (globalThis as unknown as { app: { label: (s: string) => string; pages: Record<string, () => Promise<{ render: () => string }>> } }).app;
    expect(app.label('x')).toBe('[x]');
    expect((await app.pages.home!()).render()).toBe('[a]bc');
    expect((await app.pages.jobs!()).render()).toBe('[a]cde');
    expect((await app.pages.job!()).render()).toBe('bcde');
    expect((await app.pages.client!()).render()).toBe(`e${'admin'.repeat(50)}`);
    expect((await readdir(join(outDir, 'chunks'))).some((f) => f.endsWith('.js.map'))).toBe(true);
  });
});
