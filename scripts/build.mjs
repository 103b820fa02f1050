// Builds what `npm start` serves: the site's client bundle (rolldown, code-split, hashed) and the server bundle (esbuild).
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { rolldown, watch as rolldownWatch } from 'rolldown';
import { SITE_RUNTIME, buildStyles, clientBundleOptions, publicPageLoads, stylesOptions, stylesheetOf } from './client-bundle.mjs';
import { routeTable, siteManifest, writeSiteManifest } from './site-manifest.mjs';
import { precompress } from './precompress.mjs';
import { moveSourceMaps } from './source-maps.mjs';
import { BUDGET } from './size-site.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --watch: rebuild the client bundle on change and skip the server bundle (npm run dev runs the server from source).
const watch = process.argv.includes('--watch');
const siteDist = join(root, 'site/dist');
const publicDir = join(siteDist, 'public');
const assetsDir = join(publicDir, 'assets');
const started = performance.now();

await rm(siteDist, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });
await copyFile(join(root, 'site/src/favicon.svg'), join(assetsDir, 'favicon.svg')).catch(() => {});

// 1. The browser bundle (scripts/client-bundle.mjs): rolldown, the runtime SITE_RUNTIME (Preact unless
// SITE_RUNTIME=react), one entry script and a few chunks per public page, names hashed; the stylesheet
// from esbuild. What the manifest needs is kept here as each part (re)builds.
const state = { tree: [], bundle: undefined, stylesheet: undefined };
/** The route tree (read anew at each rebuild under --watch: the router may have changed) and what its public pages load, for the chunk plan. */
const publicLoads = async () => {
  if (watch || state.tree.length === 0) state.tree = await routeTable(root);
  return publicPageLoads(state.tree, root);
};
/** Writes the manifest the server reads (scripts/site-manifest.mjs) once both the scripts and the stylesheet exist. */
async function writeManifest() {
  if (!state.bundle || !state.stylesheet) return false;
  const manifest = siteManifest(state.bundle, { root, outDir: assetsDir, publicDir, tree: state.tree, styles: [state.stylesheet] });
  await writeSiteManifest(join(siteDist, 'manifest.json'), manifest);
  return true;
}
const manifestPlugin = {
  name: 'site-manifest',
  async writeBundle(_options, bundle) {
    state.bundle = bundle;
    if ((await writeManifest()) && watch) console.log('[build] client rebuilt');
  },
};
const clientOptions = clientBundleOptions({
  root,
  outDir: assetsDir,
  runtime: SITE_RUNTIME,
  publicLoads,
  // Issue #16: at most this many scripts per public page. --watch skips the plan (one output pass per
  // rebuild, split automatically into many small chunks); the build plans from a first pass.
  maxRequests: BUDGET.requests,
  plan: !watch,
  plugins: [manifestPlugin],
});

if (watch) {
  const css = stylesOptions({ root, outDir: assetsDir });
  const styles = await esbuild.context({
    ...css,
    plugins: [
      ...css.plugins,
      {
        name: 'site-manifest',
        setup: (b) =>
          b.onEnd(async (r) => {
            if (!r.metafile) return;
            state.stylesheet = stylesheetOf(r.metafile, root);
            if (await writeManifest()) console.log('[build] styles rebuilt');
          }),
      },
    ],
  });
  await styles.watch();
  const watcher = rolldownWatch({ ...clientOptions, watch: { clearScreen: false } });
  watcher.on('event', (event) => {
    if (event.code === 'ERROR') console.error('[build] client build failed:', event.error.message);
    if (event.code === 'BUNDLE_END' || event.code === 'ERROR') event.result.close();
  });
  console.log(`[build] watching site/src (${SITE_RUNTIME})`);
} else {
  const client = await rolldown(clientOptions);
  // Two output passes (each bundles anew): the first, split automatically, is what the chunk plan of the
  // second groups (scripts/client-bundle.mjs planChunks); only the second is written.
  const scripts = client
    .generate({ ...clientOptions.output, sourcemap: false, minify: false })
    .then(() => client.write(clientOptions.output))
    .finally(() => client.close());
  [, state.stylesheet] = await Promise.all([scripts, buildStyles({ root, outDir: assetsDir })]);
  if (!(await writeManifest())) throw new Error('the client build wrote no manifest');
  // Issue #33: the maps hold the full sources; kept beside the public folder, never served.
  await moveSourceMaps(publicDir, join(siteDist, 'sourcemaps'));
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
  const js = Object.values(state.bundle).filter((o) => o.type === 'chunk');
  const entry = js.find((chunk) => chunk.isEntry);
  console.log(
    `[build] client (${SITE_RUNTIME}): ${js.length} JS files, entry ${kb(Buffer.byteLength(entry.code))}, total ${kb(js.reduce((s, c) => s + Buffer.byteLength(c.code), 0))}; server bundle done in ${Math.round(performance.now() - started)} ms`,
  );
}
