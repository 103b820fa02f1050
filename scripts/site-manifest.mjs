// The site's asset manifest (site/dist/manifest.json), from the client build's output (rolldown's output
// bundle): the entry's script and stylesheet, every script's static imports, and each route's page chunk
// with what it imports, so the server can preload a page's scripts from its HTML (site/src/assets.ts) and
// the size check (scripts/size-site.mjs) can weigh each public page.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * The route tree of site/src/router.tsx with the module each lazy route loads: the router is bundled
 * for Node with every page module replaced by a stub whose handle names its file, then each `lazy()`
 * is called. No hand list: a new route is in the manifest as soon as the router has it.
 */
export async function routeTable(root) {
  const stubs = {
    name: 'page-stubs',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'dynamic-import') {
          const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir });
          return { path: relative(root, resolved.path).replaceAll('\\', '/'), namespace: 'page-stub' };
        }
        // npm packages stay external; our workspaces are bundled.
        if (/^[^./]/.test(args.path) && !args.path.startsWith('@nordlys/')) return { path: args.path, external: true };
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'page-stub' }, (args) => ({
        contents: `export const Component = () => null; export const handle = { module: ${JSON.stringify(args.path)} };`,
        loader: 'js',
      }));
    },
  };
  // Inside the checkout, so the bundle's bare imports resolve from node_modules.
  const dir = join(root, 'node_modules/.cache/nordlys-routes');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `router-${process.pid}.mjs`);
  try {
    await esbuild.build({
      entryPoints: [join(root, 'site/src/router.tsx')],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'node',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [stubs],
      logLevel: 'warning',
    });
    const { routes } = await import(pathToFileURL(file).href);
    const walk = async (list) =>
      Promise.all(
        list.map(async (route) => {
          const module = typeof route.lazy === 'function' ? (await route.lazy()).handle?.module : undefined;
          return {
            id: route.id,
            ...(route.index ? { index: true } : {}),
            ...(route.path !== undefined ? { path: route.path } : {}),
            ...(module ? { module } : {}),
            ...(route.children ? { children: await walk(route.children) } : {}),
          };
        }),
      );
    return walk(routes);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * The manifest: `scripts` (the entry) and `styles`, `imports` (each script's static imports, by URL)
 * and `routes` (each lazy route's page chunk, by route id). `bundle` is rolldown's output bundle
 * (file name under `outDir` → chunk or asset); `styles` are files; URLs are absolute paths under publicDir.
 */
export function siteManifest(bundle, { root, outDir, publicDir, tree, styles = [] }) {
  const url = (file) => `/${relative(publicDir, file).replaceAll('\\', '/')}`;
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('rolldown produced no client entry');
  const imports = {};
  // A page module's chunk: the chunk it is the facade of, else the chunk holding it (a module pages share).
  const chunkOf = new Map();
  const holders = new Map();
  for (const chunk of chunks) {
    const file = url(join(outDir, chunk.fileName));
    imports[file] = chunk.imports.map((name) => url(join(outDir, name)));
    if (chunk.facadeModuleId) chunkOf.set(chunk.facadeModuleId, file);
    for (const id of chunk.moduleIds) holders.set(id, file);
  }
  const routes = {};
  const visit = (list) => {
    for (const route of list) {
      if (route.module) {
        const id = join(root, route.module);
        const chunk = chunkOf.get(id) ?? holders.get(id);
        if (!chunk) throw new Error(`no chunk for ${route.module} (route ${route.id})`);
        routes[route.id] = chunk;
      }
      if (route.children) visit(route.children);
    }
  };
  visit(tree);
  return {
    scripts: [url(join(outDir, entry.fileName))],
    styles: styles.map(url),
    imports,
    routes,
    tree,
  };
}

/** Writes the manifest where the server reads it (site/dist/manifest.json). */
export async function writeSiteManifest(path, manifest) {
  await writeFile(path, JSON.stringify(manifest));
}
