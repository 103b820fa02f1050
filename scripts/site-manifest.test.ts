/** The site's manifest (scripts/site-manifest.mjs) from a rolldown output bundle: entry, stylesheet, imports, page chunks. */
import type { OutputAsset, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { siteManifest } from './site-manifest.mjs';
import type { ManifestRoute } from './size-site.mjs';

const root = '/repo';
const publicDir = '/repo/site/dist/public';
const outDir = '/repo/site/dist/public/assets';

function chunk(fileName: string, moduleIds: string[], imports: string[] = [], extra: Partial<OutputChunk> = {}): OutputChunk {
  return { type: 'chunk', fileName, moduleIds: moduleIds.map((id) => `${root}/${id}`), imports, dynamicImports: [], isEntry: false, facadeModuleId: null, ...extra } as OutputChunk;
}

const bundle: Record<string, OutputChunk | OutputAsset> = {
  'main-A.js': chunk('main-A.js', ['site/src/entry-client.tsx', 'site/src/router.tsx'], [], { isEntry: true, facadeModuleId: `${root}/site/src/entry-client.tsx` }),
  'chunks/index-B.js': chunk('chunks/index-B.js', ['site/src/routes/index.tsx'], ['main-A.js', 'chunks/public-C.js'], {
    isDynamicEntry: true,
    facadeModuleId: `${root}/site/src/routes/index.tsx`,
  }),
  // A page module other pages import too: no chunk of its own, it is in the shared one.
  'chunks/public-C.js': chunk('chunks/public-C.js', ['site/src/components/Card.tsx', 'site/src/routes/jobs/landing.tsx'], ['main-A.js']),
  'main-A.js.map': { type: 'asset', fileName: 'main-A.js.map' } as OutputAsset,
};

const tree: ManifestRoute[] = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'home', index: true, module: 'site/src/routes/index.tsx' },
      { id: 'landing:design-jobs-in-oslo', path: 'jobs/design-jobs-in-oslo', module: 'site/src/routes/jobs/landing.tsx' },
    ],
  },
];

describe('siteManifest', () => {
  it('names the entry, the stylesheet, each script’s static imports and each route’s chunk, by URL', () => {
    const manifest = siteManifest(bundle, { root, outDir, publicDir, tree, styles: [`${outDir}/main-D.css`] });
    expect(manifest).toEqual({
      scripts: ['/assets/main-A.js'],
      styles: ['/assets/main-D.css'],
      imports: {
        '/assets/main-A.js': [],
        '/assets/chunks/index-B.js': ['/assets/main-A.js', '/assets/chunks/public-C.js'],
        '/assets/chunks/public-C.js': ['/assets/main-A.js'],
      },
      routes: { home: '/assets/chunks/index-B.js', 'landing:design-jobs-in-oslo': '/assets/chunks/public-C.js' },
      tree,
    });
  });

  it('fails on a route whose module no chunk holds', () => {
    const missing = [...tree, { id: 'gone', path: 'gone', module: 'site/src/routes/gone.tsx' }];
    expect(() => siteManifest(bundle, { root, outDir, publicDir, tree: missing })).toThrow('no chunk for site/src/routes/gone.tsx (route gone)');
  });

  it('fails without an entry', () => {
    const { ['main-A.js']: _entry, ...rest } = bundle;
    expect(() => siteManifest(rest, { root, outDir, publicDir, tree })).toThrow('rolldown produced no client entry');
  });
});
