// Builds the embed: the loader (plain + minified + inline snippet text), the widget runtime jobs.js, and the
// hydration bundles of the hosted pages, careers.js and white-label.js (IIFE, minified).
import { writeFileSync, mkdirSync } from 'node:fs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild, { minify as minifier } from 'rollup-plugin-esbuild';

const ORIGIN = process.env.NORDLYS_ORIGIN ?? 'http://localhost:3000';
const OUT = 'dist/v1';

/** Variants come from one source; what a variant leaves out is removed by define + DCE (style.md 7). */
const VARIANTS = [
  // The widget runtime (src/main.ts); NORDLYS_FEED=off would drop the feed search.
  { name: 'jobs', input: 'src/main.ts', define: { 'process.env.NORDLYS_FEED': '"on"' } },
  // The hosted pages' islands (src/pages/client.ts): each bundle keeps its own page's island and the share links.
  { name: 'careers', input: 'src/pages/client.ts', define: { 'process.env.NORDLYS_PAGE': '"careers"' } },
  { name: 'white-label', input: 'src/pages/client.ts', define: { 'process.env.NORDLYS_PAGE': '"white-label"' } },
];

// Minify after bundling (an output plugin): minifying each module first loses the pure annotations tree-shaking needs.
const plugins = (define, minify) => [
  nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
  esbuild({
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: 'tsconfig.json',
    define: { 'process.env.NODE_ENV': '"production"', ...define },
  }),
  // esbuild's minifier, then terser's second pass over the whole bundle: about 2% smaller gzip than
  // esbuild alone on jobs.js (12,337 → 12,060 B measured), the widget's budget being tight.
  ...(minify ? [minifier({ target: 'es2022', legalComments: 'none' }), terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } })] : []),
];

/** Writes the inline snippet (a <script> the host pastes) after the minified loader is built. */
const snippet = () => ({
  name: 'snippet',
  generateBundle(_options, bundle) {
    const code = Object.values(bundle)[0].code.trim();
    mkdirSync(OUT, { recursive: true });
    writeFileSync(`${OUT}/snippet.html`, `<script>${code}</script>\n`);
  },
});

const loader = (minify) => ({
  input: 'src/loader.ts',
  output: { file: `${OUT}/${minify ? 'loader.min.js' : 'loader.js'}`, format: 'iife' },
  plugins: [...plugins({ NORDLYS_RUNTIME_URL: JSON.stringify(`${ORIGIN}/embed/v1/jobs.js`) }, minify), ...(minify ? [snippet()] : [])],
});

export default [
  loader(false),
  loader(true),
  ...VARIANTS.map((v) => ({
    input: v.input,
    output: { file: `${OUT}/${v.name}.js`, format: 'iife', generatedCode: 'es2015' },
    plugins: plugins(v.define, true),
  })),
];
