// Builds what `npm start` serves: the site's client bundle (code-split, hashed) and the server bundle.
import { mkdir, rm, copyFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { routeTable, siteManifest, writeSiteManifest } from './site-manifest.mjs';
import { precompress } from './precompress.mjs';
import { tokensCss } from './tokens-css.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --watch: rebuild the client bundle on change and skip the server bundle (npm run dev runs the server from source).
const watch = process.argv.includes('--watch');
const siteDist = join(root, 'site/dist');
const publicDir = join(siteDist, 'public');
const started = performance.now();

await rm(siteDist, { recursive: true, force: true });
await mkdir(join(publicDir, 'assets'), { recursive: true });

// 1. The browser bundle: one entry, routes split into chunks, CSS extracted, names hashed.
const clientOptions = {
  entryPoints: { main: join(root, 'site/src/entry-client.tsx') },
  outdir: join(publicDir, 'assets'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
  jsx: 'automatic',
  minify: true,
  sourcemap: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [tokensCss],
  logLevel: 'warning',
};

/** Writes the manifest the server reads (scripts/site-manifest.mjs): entry, stylesheet, each script's imports, each route's page chunk. */
async function writeManifest(metafile) {
  const manifest = siteManifest(metafile, { root, publicDir, tree: await routeTable(root) });
  await writeSiteManifest(join(siteDist, 'manifest.json'), manifest);
  await copyFile(join(root, 'site/src/favicon.svg'), join(publicDir, 'assets/favicon.svg')).catch(() => {});
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('entry-client.tsx'));
  return { outputs, entry };
}

if (watch) {
  const ctx = await esbuild.context({
    ...clientOptions,
    plugins: [tokensCss, { name: 'manifest', setup: (b) => b.onEnd((r) => r.metafile && writeManifest(r.metafile).then(() => console.log('[build] client rebuilt'))) }],
  });
  await ctx.watch();
  console.log('[build] watching site/src');
} else {
  const client = await esbuild.build(clientOptions);
  const { outputs, entry } = await writeManifest(client.metafile);
  // Beside the server build: a .br and .gz of each asset, which the server sends instead (scripts/precompress.mjs).
  const compressed = precompress(publicDir);

  // 2. The server: our TypeScript workspaces bundled, npm packages left to node_modules.
  const keepExternal = {
    name: 'externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@nordlys/') ? undefined : { path: args.path, external: true },
      );
    },
  };
  await esbuild.build({
    // main.js serves (and runs the queue's workers); worker.js runs only the workers (`npm run worker`);
    // pglite-worker-entry.js is the thread that runs PGlite (server/src/db/pglite-worker.ts finds it beside main.js).
    entryPoints: {
      main: join(root, 'server/src/main.ts'),
      worker: join(root, 'server/src/worker.ts'),
      'pglite-worker-entry': join(root, 'server/src/db/pglite-worker-entry.ts'),
    },
    outdir: join(root, 'server/dist'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    jsx: 'automatic',
    sourcemap: true,
    plugins: [keepExternal],
    logLevel: 'warning',
  });

  await compressed;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const js = outputs.filter(([f]) => f.endsWith('.js'));
  console.log(
    `[build] client: ${js.length} JS files, entry ${kb(entry[1].bytes)}, total ${kb(js.reduce((s, [, o]) => s + o.bytes, 0))}; server bundle done in ${Math.round(performance.now() - started)} ms`,
  );
}
