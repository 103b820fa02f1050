import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
const contents = `import * as v from 'valibot'; import { JobSchema } from './sdk/src/schemas/job.ts'; export const p = (x) => v.parse(JobSchema, x);`;
const r = await esbuild.build({ stdin: { contents, resolveDir: '/work/main', loader: 'js' }, bundle: true, minify: true, format: 'esm', write: false, platform: 'browser', metafile: true });
const c = r.outputFiles[0].contents; console.log(c.length, gzipSync(c, { level: 9 }).length);
const out = Object.values(r.metafile.outputs)[0];
console.log(Object.entries(out.inputs).map(([f,i])=>[f.replace(/.*node_modules\//,''),i.bytesInOutput]).sort((a,b)=>b[1]-a[1]).slice(0,10));
