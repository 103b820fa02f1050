/**
 * GET /api/openapi.json and its readable reference, GET /api/docs (issue #17). Both are built once,
 * on the first call, from the routes the app holds then (openapi.ts).
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import * as v from 'valibot';
import { publicRead } from '../http/cache';
import type { AppEnv } from '../http/viewer';
import { apiOperations, ACCESS_TEXT, errorCodes, jsonSchemaOf, openApiDocument, tagOf, type ApiOperation, type DocumentInfo } from './openapi';
import { operation } from './operation';
import { ERROR_STATUS } from '../errors';

/** The document's own answer: an OpenAPI document is a JSON object with these fields at least. */
const OpenApiDocumentSchema = v.looseObject({ openapi: v.string(), info: v.looseObject({ title: v.string(), version: v.string() }), paths: v.record(v.string(), v.unknown()) });

export const API_DOCUMENT_VERSION = '1.0.0';

/**
 * `apps`: every Hono app mounted at the root that has /api routes (the API, the sign-in parts'),
 * read when the document is first asked for, so this router's own routes are in it too.
 */
export function openApiRouter(apps: () => Hono<any>[], info: Omit<DocumentInfo, 'version'>) {
  let built: { operations: ApiOperation[]; document: Record<string, unknown> } | undefined;
  const build = () => {
    if (!built) {
      const { operations } = apiOperations([...apps(), router]);
      built = { operations, document: openApiDocument(operations, { ...info, version: API_DOCUMENT_VERSION }) };
    }
    return built;
  };
  let page: string | undefined;
  const router = new Hono<AppEnv>()
    .get('/api/openapi.json', operation({ summary: 'This document: every /api operation in OpenAPI 3.1', access: 'public', response: OpenApiDocumentSchema }), publicRead(), (c) => c.json(build().document))
    .get('/api/docs', operation({ summary: 'The reference of the API, for reading', access: 'public', response: 'html' }), publicRead(), (c) => {
      page ??= referencePage(build().operations, info.title);
      return c.html(page, 200, { 'Content-Security-Policy': PAGE_POLICY });
    });
  return router;
}

const STYLE = `
:root{color-scheme:light dark;--accent:#2456d6;--muted:#5b6472;--line:#d9dee7;--code:#f3f5f9}
@media (prefers-color-scheme:dark){:root{--accent:#8fb0ff;--muted:#a9b1bf;--line:#343a46;--code:#1d2129}}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1{font-size:2rem;margin:0 0 .5rem}h2{margin:2.5rem 0 .5rem;text-transform:capitalize}
h3{font-size:1.05rem;margin:0;display:flex;gap:.5rem;flex-wrap:wrap;align-items:baseline}
a{color:var(--accent)}a:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
nav ul{columns:12rem;padding:0;list-style:none}
section{border-top:1px solid var(--line);padding:1rem 0}
.method{font:600 .8rem/1.6 ui-monospace,monospace;padding:0 .4rem;border:1px solid currentColor;border-radius:4px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.875rem}
pre{background:var(--code);padding:.75rem;border-radius:6px;overflow:auto;max-height:24rem}
.access,.errors{color:var(--muted);margin:.25rem 0}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
`;
const PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`;

function referencePage(operations: readonly ApiOperation[], title: string): string {
  const groups = new Map<string, ApiOperation[]>();
  for (const op of [...operations].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const tag = tagOf(op.path);
    groups.set(tag, [...(groups.get(tag) ?? []), op]);
  }
  const tags = [...groups.keys()].sort();
  const schemaBlock = (label: string, schema: unknown) => html`<details><summary>${label}</summary><pre>${JSON.stringify(schema, null, 2)}</pre></details>`;
  const section = (op: ApiOperation) => {
    const params = op.validates.filter(({ target }) => target !== 'json' && target !== 'form');
    const body = op.validates.find(({ target }) => target === 'json' || target === 'form');
    const errors = errorCodes(op);
    return html`<section id="${op.id}">
      <h3><span class="method">${op.method}</span><code>/api${op.path}</code></h3>
      <p>${op.doc.summary}${op.doc.description ? html`. ${op.doc.description}` : ''}</p>
      <p class="access">Who may call it: ${ACCESS_TEXT[op.doc.access]}.</p>
      ${params.map(({ target, schema }) => schemaBlock(`${target === 'param' ? 'Path' : target[0]!.toUpperCase() + target.slice(1)} parameters`, jsonSchemaOf(schema, 'input')))}
      ${body ? schemaBlock(body.target === 'json' ? 'JSON body' : 'Form body', jsonSchemaOf(body.schema, 'input')) : ''}
      ${typeof op.doc.response === 'object' ? schemaBlock('Answer', jsonSchemaOf(op.doc.response, 'output')) : html`<p class="access">Answer: ${op.doc.response}.</p>`}
      <p class="errors">Errors: ${errors.map((code) => `${ERROR_STATUS[code]} ${code}`).join(', ')}</p>
    </section>`;
  };
  const body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} API reference</title><style>${raw(STYLE)}</style></head>
<body><main>
<h1>${title} API reference</h1>
<p>${operations.length} operations under <code>/api</code>. The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
Signed-in calls carry the session cookie the sign-in sets; writes from a browser must come from the site itself. Every error answers
<code>{ message, code, errors? }</code>; a 400 lists the messages of each field under <code>errors</code>.</p>
<nav aria-label="Groups"><ul>${tags.map((tag) => html`<li><a href="#${tag}">${tag}</a> (${groups.get(tag)!.length})</li>`)}</ul></nav>
${tags.map((tag) => html`<h2 id="${tag}">${tag}</h2>${groups.get(tag)!.map(section)}`)}
</main></body></html>`;
  return String(body);
}
