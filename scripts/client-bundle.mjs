// The site's browser bundle (issue #16), built with rolldown: which runtime the browser gets (Preact
// through preact/compat, or React), how the modules are grouped into scripts so that a public page loads
// few of them (planChunks), and the stylesheet, built apart with esbuild. scripts/build.mjs runs it.
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { RUNTIME_MODULE_ID } from 'rolldown';
import { iconsCss } from './icons-css.mjs';
import { tokensCss } from './tokens-css.mjs';

/**
 * The runtime the browser gets. 'preact': react, react-dom and their subpaths resolve to preact/compat
 * (about 60 KB gzip less than React 19 on every page); the server still renders with React 19 and the
 * browser hydrates that HTML with Preact. 'react': React 19 in the browser too, to compare
 * (`SITE_RUNTIME=react npm run build`).
 */
export const SITE_RUNTIME = process.env.SITE_RUNTIME === 'react' ? 'react' : 'preact';

/** The browsers the site supports, as esbuild built for them before. */
export const BROWSER_TARGETS = ['es2022', 'chrome111', 'firefox114', 'safari16.4'];

/** What each React module id becomes under Preact. `react` and `react-dom` go through preact-react.mjs, which adds what preact/compat lacks. */
const PREACT_ALIASES = {
  react: fileURLToPath(new URL('./preact-react.mjs', import.meta.url)),
  'react-dom': fileURLToPath(new URL('./preact-react.mjs', import.meta.url)),
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The rolldown plugin that swaps React for preact/compat; any other React subpath fails the build rather than bundling React beside Preact. */
export function preactAliases(root) {
  return {
    name: 'preact-aliases',
    resolveId: {
      filter: { id: /^react(-dom)?(\/|$)/ },
      async handler(source) {
        const target = PREACT_ALIASES[source];
        if (!target) throw new Error(`${source}: no Preact equivalent (scripts/client-bundle.mjs PREACT_ALIASES)`);
        if (isAbsolute(target)) return target;
        // From the checkout, so preact resolves from the root node_modules whoever imports React.
        return this.resolve(target, join(root, 'package.json'), { skipSelf: true });
      },
    },
  };
}

/** The stylesheet is built apart (buildStyles); in the script bundle its import is empty. */
export const cssImportsEmpty = {
  name: 'css-imports-empty',
  load: { filter: { id: /\.css$/ }, handler: () => ({ code: '', moduleType: 'js' }) },
};

/**
 * How to group the chunks of a first, automatically split output into fewer (issue #16: every public
 * page in at most `maxRequests` scripts, and as few bytes as that allows).
 *
 * Rolldown splits by the set of dynamic imports that use a module (after tree shaking), so each page
 * loads exactly its code but in dozens of small chunks. A public page loads the entry, the chunks of its
 * lazily loaded modules (its layout's and its own: one of `loads`) and what they import. The chunks no
 * public page loads (signed-in pages, the modals) stay as they are, and so do the chunks of lazily
 * loaded modules; the others are grouped:
 * 1. while pages load too many scripts, two groups are merged: the merge that adds the fewest bytes per
 *    too-loaded page it relieves, bytes counted over every page that then loads what it does not need,
 *    directly or through the groups the merged one imports;
 * 2. groups loaded by the same pages are merged (no page loads a byte more);
 * 3. single chunks move to another group, or out on their own, while that lowers the bytes.
 * No step makes groups import each other in a cycle. A group one page loads is '{page}-shared'; the one
 * most pages load 'public', the others 'public-{n}'. About 0.2 s for the site's 140 chunks.
 *
 * @param {object} input
 * @param {readonly { name: string, modules: readonly string[], imports: readonly string[], size: number, isEntry: boolean, pinned?: boolean }[]} input.chunks
 *   the first output's chunks: file name, module ids, static imports (file names), bytes; `pinned`: not to be merged
 * @param {readonly (readonly string[])[]} input.loads the lazily loaded modules of each public page
 * @param {number} input.maxRequests the scripts a page may load, the entry included
 * @param {(ids: readonly string[]) => string} [input.nameOf] a short name for a page, from its modules
 * @returns {Map<string, string>} the chunk name of each module of a merged chunk
 */
export function planChunks({ chunks, loads, maxRequests, nameOf = (ids) => ids.join('+') }) {
  const byName = new Map(chunks.map((chunk) => [chunk.name, chunk]));
  const chunkOf = new Map(chunks.flatMap((chunk) => chunk.modules.map((id) => [id, chunk])));
  const lazy = new Set(loads.flat().map((id) => chunkOf.get(id)).filter(Boolean));
  // The pages, each once (routes sharing their modules load the same); sets of pages are bit sets.
  const pages = [...new Map(loads.map((ids) => [[...ids].sort().join('\n'), ids])).values()];
  const pageSets = pageSetsOf(pages.length);
  /** Each chunk's pages: those whose lazy modules' chunks import it, directly or not (the entry aside). */
  const need = new Map();
  for (const [i, ids] of pages.entries()) {
    const stack = ids.map((id) => chunkOf.get(id)).filter(Boolean);
    const seen = new Set();
    while (stack.length > 0) {
      const chunk = stack.pop();
      if (seen.has(chunk) || chunk.isEntry) continue;
      seen.add(chunk);
      if (!need.has(chunk)) need.set(chunk, pageSets.empty());
      pageSets.add(need.get(chunk), i);
      stack.push(...chunk.imports.map((name) => byName.get(name)).filter(Boolean));
    }
  }

  // Atoms: the chunks public pages load, each in one group. Never merged: a lazy module's chunk, and one
  // rolldown places itself (`pinned`: its runtime, which groups do not move).
  const atoms = [...need.keys()];
  const index = new Map(atoms.map((chunk, i) => [chunk, i]));
  const fixed = atoms.map((chunk) => lazy.has(chunk) || Boolean(chunk.pinned));
  const edges = atoms.map((chunk) => [...new Set(chunk.imports.map((name) => index.get(byName.get(name))).filter((to) => to !== undefined))]);

  /**
   * A grouping (atom → group number): the pages loading each group (needing one of its atoms, or
   * loading a group that imports it), the scripts each page loads, the bytes all pages load, the
   * scripts beyond maxRequests; undefined when the groups would import each other in a cycle.
   */
  const evaluate = (group) => {
    const ids = [...new Set(group)];
    const slot = new Map(ids.map((g, i) => [g, i]));
    const load = ids.map(() => pageSets.empty());
    const size = ids.map(() => 0);
    const out = ids.map(() => new Set());
    for (const [a, chunk] of atoms.entries()) {
      const g = slot.get(group[a]);
      pageSets.addAll(load[g], need.get(chunk));
      size[g] += chunk.size;
      for (const to of edges[a]) if (group[to] !== group[a]) out[g].add(slot.get(group[to]));
    }
    const indegree = ids.map(() => 0);
    for (const set of out) for (const to of set) indegree[to]++;
    const order = ids.map((_, g) => g).filter((g) => indegree[g] === 0);
    for (let i = 0; i < order.length; i++) for (const to of out[order[i]]) if (--indegree[to] === 0) order.push(to);
    if (order.length !== ids.length) return undefined;
    let bytes = 0;
    const counts = pages.map(() => 1);
    for (const g of order) {
      for (const to of out[g]) pageSets.addAll(load[to], load[g]);
      bytes += size[g] * pageSets.size(load[g]);
      pageSets.forEach(load[g], (i) => counts[i]++);
    }
    const requests = counts.reduce((sum, count) => sum + count, 0);
    const over = counts.reduce((sum, count) => sum + Math.max(0, count - maxRequests), 0);
    return { group, ids, load, size, bytes, counts, requests, over };
  };
  /** Fewer scripts beyond the limit, then fewer bytes, then fewer scripts. */
  const better = (a, b) => !b || a.over < b.over || (a.over === b.over && (a.bytes < b.bytes || (a.bytes === b.bytes && a.requests < b.requests)));
  const mergeable = (state) => state.ids.filter((g) => !fixed[state.group.indexOf(g)]);
  const merged = (state, into, from) => evaluate(state.group.map((g) => (g === from ? into : g)));

  // 1. While pages load too many scripts, merge two groups: the merge that adds the fewest bytes (summed
  //    over the pages that then load what they do not need, through imports too) per too-loaded page
  //    that loads both. The bytes a page that loads only one of them adds are a lower bound, so merges
  //    are evaluated cheapest bound first, until the bound passes the best price.
  let state = evaluate(atoms.map((_, a) => a));
  while (state.over > 0) {
    const tooMany = pageSets.empty();
    state.counts.forEach((count, i) => count > maxRequests && pageSets.add(tooMany, i));
    const free = mergeable(state).map((g) => ({ g, load: state.load[state.ids.indexOf(g)], size: state.size[state.ids.indexOf(g)] }));
    const candidates = [];
    for (let x = 0; x < free.length; x++) {
      for (let y = x + 1; y < free.length; y++) {
        const [a, b] = [free[x], free[y]];
        const helps = pageSets.size(pageSets.and(pageSets.and(a.load, b.load), tooMany));
        if (helps === 0) continue;
        const bound = (a.size * pageSets.size(pageSets.minus(b.load, a.load)) + b.size * pageSets.size(pageSets.minus(a.load, b.load))) / helps;
        candidates.push({ a: a.g, b: b.g, helps, bound });
      }
    }
    candidates.sort((p, q) => p.bound - q.bound);
    let best;
    for (const { a, b, helps, bound } of candidates) {
      if (best && bound >= best.price) break;
      const next = merged(state, a, b);
      if (next && (!best || (next.bytes - state.bytes) / helps < best.price)) best = { next, price: (next.bytes - state.bytes) / helps };
    }
    if (!best) break;
    state = best.next;
  }
  // 2. Groups the same pages load: one script instead of several, no byte more.
  for (let again = true; again; ) {
    again = false;
    const free = mergeable(state);
    for (let x = 0; x < free.length && !again; x++) {
      for (let y = x + 1; y < free.length && !again; y++) {
        if (!pageSets.equal(state.load[state.ids.indexOf(free[x])], state.load[state.ids.indexOf(free[y])])) continue;
        const next = merged(state, free[x], free[y]);
        if (next && better(next, state)) [state, again] = [next, true];
      }
    }
  }
  // 3. Move single atoms to another group, or to a group of their own, while that does better.
  for (let sweep = 0, moved = true; moved && sweep < 8; sweep++) {
    moved = false;
    for (const [a] of atoms.entries()) {
      if (fixed[a]) continue;
      for (const target of [...mergeable(state).filter((g) => g !== state.group[a]), atoms.length + a]) {
        const next = evaluate(state.group.map((g, i) => (i === a ? target : g)));
        if (next && better(next, state)) [state, moved] = [next, true];
      }
    }
  }

  const plan = new Map();
  const groups = state.ids
    .map((g, i) => ({ chunks: atoms.filter((_, a) => state.group[a] === g), load: state.load[i], size: state.size[i] }))
    .filter((group) => group.chunks.length > 1);
  groups.sort((a, b) => pageSets.size(b.load) - pageSets.size(a.load) || b.size - a.size);
  let n = 0;
  for (const group of groups) {
    const only = pageSets.size(group.load) === 1 ? pages[pageSets.first(group.load)] : undefined;
    const name = only ? `${nameOf(only)}-shared` : n++ === 0 ? 'public' : `public-${n}`;
    for (const chunk of group.chunks) for (const id of chunk.modules) plan.set(id, name);
  }
  return plan;
}

/** Sets of the numbers below `count`, as bits in 32-bit words (planChunks evaluates thousands of groupings). */
function pageSetsOf(count) {
  const words = Math.max(1, Math.ceil(count / 32));
  const popcount = (x) => {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  };
  return {
    empty: () => new Uint32Array(words),
    add: (set, i) => void (set[i >>> 5] |= 1 << (i & 31)),
    and(a, b) {
      return a.map((word, w) => word & b[w]);
    },
    minus(a, b) {
      return a.map((word, w) => word & ~b[w]);
    },
    addAll(set, other) {
      for (let w = 0; w < words; w++) set[w] |= other[w];
    },
    equal(a, b) {
      for (let w = 0; w < words; w++) if (a[w] !== b[w]) return false;
      return true;
    },
    size(set) {
      let n = 0;
      for (let w = 0; w < words; w++) n += popcount(set[w]);
      return n;
    },
    forEach(set, fn) {
      for (let w = 0; w < words; w++) {
        for (let x = set[w]; x !== 0; x &= x - 1) fn(w * 32 + 31 - Math.clz32(x & -x));
      }
    },
    first(set) {
      let found;
      this.forEach(set, (i) => (found ??= i));
      return found;
    },
  };
}

/**
 * What each public page of a route tree (scripts/site-manifest.mjs routeTable) loads lazily: the
 * modules of its route and of the layouts above it, as files. Public: every route not under /client.
 */
export function publicPageLoads(tree, root) {
  const loads = [];
  const walk = (list, base, above) => {
    for (const route of list) {
      const path = route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
      const ids = route.module ? [...above, join(root, route.module)] : above;
      if (route.children) walk(route.children, path, ids);
      else if (route.module && !path.startsWith('/client')) loads.push(ids);
    }
  };
  walk(tree, '', []);
  return loads;
}

/**
 * The rolldown plugin that plans the chunks and the output's `codeSplitting` option that applies the
 * plan. An output pass with no plan yet is split automatically (the entry and all it imports statically
 * in one script); that output is what planChunks groups, and the next output pass applies the groups.
 * So a build writes its second pass (scripts/build.mjs); with `enabled` false (`--watch`), every pass is
 * split automatically.
 * `publicLoads()` gives what the public pages load in the current route tree (it may change between
 * watch rebuilds).
 */
export function chunkPlanner({ root, publicLoads, maxRequests, enabled = true }) {
  /** @type {Map<string, string> | undefined} module id → chunk name, for the next pass */
  let plan;
  let initial = new Set();
  let loads = [];
  const nameOf = (ids) =>
    relative(join(root, 'site/src'), ids.at(-1))
      .replace(/^routes\//, '')
      .replace(/\.[jt]sx?$/, '')
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const plugin = {
    name: 'chunk-planner',
    async buildEnd(error) {
      if (error) return;
      // The entry's static imports, followed from the entry.
      initial = new Set();
      const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (stack.length > 0) {
        const id = stack.pop();
        if (initial.has(id)) continue;
        initial.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      loads = await publicLoads();
    },
    generateBundle(_options, bundle) {
      if (plan || !enabled) return;
      const chunks = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          name: chunk.fileName,
          modules: chunk.moduleIds,
          imports: chunk.imports,
          size: chunk.code.length,
          isEntry: chunk.isEntry,
          pinned: chunk.moduleIds.includes(RUNTIME_MODULE_ID),
        }));
      plan = planChunks({ chunks, loads, maxRequests, nameOf });
    },
  };
  const codeSplitting = {
    groups: [
      // The entry and all it imports statically: one script (the entry chunk itself, since
      // preserveEntrySignatures is false), not a dozen chunks it shares with the pages. (Groups do not
      // move rolldown's runtime: when lazy chunks need it, it is a chunk of its own, pinned in the plan.)
      { name: 'main', test: (id) => initial.has(id), priority: 2 },
      // Exactly the planned modules: pulling a module's imports in too would move modules between the planned chunks.
      { name: (id) => plan?.get(id) ?? null, debugName: 'planChunks', priority: 1, includeDependenciesRecursively: false },
    ],
  };
  plugin.api = { planned: () => plan };
  return { plugin, codeSplitting };
}

/**
 * The rolldown options of the browser bundle: one entry (site/src/entry-client.tsx), minified, with
 * source maps, hashed names (`main-[hash].js`, `chunks/[name]-[hash].js`) under `outDir`.
 */
export function clientBundleOptions({ root, outDir, runtime = SITE_RUNTIME, publicLoads, maxRequests, plan = true, plugins = [] }) {
  const planner = chunkPlanner({ root, publicLoads, maxRequests, enabled: plan });
  return {
    input: { main: join(root, 'site/src/entry-client.tsx') },
    cwd: root,
    platform: 'browser',
    // Lets the entry chunk take the modules it shares with the pages (and export them to the pages).
    preserveEntrySignatures: false,
    plugins: [...(runtime === 'preact' ? [preactAliases(root)] : []), cssImportsEmpty, planner.plugin, ...plugins],
    transform: {
      target: BROWSER_TARGETS,
      jsx: 'react-jsx',
      define: { 'process.env.NODE_ENV': '"production"' },
    },
    onLog(level, log, handler) {
      // react-router's "use client": meaningless in a browser bundle.
      if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
      handler(level, log);
    },
    output: {
      dir: outDir,
      format: 'es',
      minify: true,
      // Written without a sourceMappingURL comment; the build moves them out of the public folder (scripts/source-maps.mjs).
      sourcemap: 'hidden',
      entryFileNames: '[name]-[hash].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      assetFileNames: '[name]-[hash][extname]',
      codeSplitting: planner.codeSplitting,
    },
  };
}

/**
 * The esbuild options of the stylesheet: site/src/styles/global.css with its imports and the sdk's
 * tokens (`@import 'nordlys:tokens.css'`), minified, as `main-[hash].css` in `outDir`.
 */
export function stylesOptions({ root, outDir }) {
  return {
    entryPoints: { main: join(root, 'site/src/styles/global.css') },
    absWorkingDir: root,
    outdir: outDir,
    bundle: true,
    minify: true,
    // No sourceMappingURL comment: the build moves the map out of the public folder (scripts/source-maps.mjs).
    sourcemap: 'external',
    target: BROWSER_TARGETS,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    plugins: [tokensCss, iconsCss],
    logLevel: 'warning',
  };
}

/** The stylesheet's file from an esbuild result of stylesOptions. */
export function stylesheetOf(metafile, root) {
  const css = Object.keys(metafile.outputs).find((file) => file.endsWith('.css'));
  if (!css) throw new Error('esbuild produced no stylesheet');
  return join(root, css);
}

/** Builds the stylesheet once; returns its file. */
export async function buildStyles({ root, outDir }) {
  const result = await esbuild.build(stylesOptions({ root, outDir }));
  return stylesheetOf(result.metafile, root);
}
