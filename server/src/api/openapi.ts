/**
 * The OpenAPI 3.1 document of /api (issue #17), read from the routes themselves: each route's
 * declaration (operation.ts) and its validators (http/validate.ts), converted from the sdk's valibot
 * schemas with @valibot/to-json-schema. Nothing is written twice: a route added without a declaration
 * is missing here, and openapi.test.ts fails on it.
 */
import type { Hono } from 'hono';
import { findTargetHandler } from 'hono/utils/handler';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as v from 'valibot';
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import { ErrorBodySchema } from '@nordlys/sdk/schemas';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { SESSION_COOKIE } from '../accounts/sessions';
import { validatesOf, type Validates } from '../http/validate';
import { declarationOf, successAnswers, type Access, type OperationDoc } from './operation';

export const API_PREFIX = '/api';

/** One operation as the document, the fuzzer and the authorization matrix see it. */
export interface ApiOperation {
  method: string;
  /** Hono's path under /api, e.g. `/companies/:key/jobs/:id`. */
  path: string;
  /** The OpenAPI path, e.g. `/companies/{key}/jobs/{id}`. */
  openApiPath: string;
  id: string;
  doc: OperationDoc;
  /** The request parts the route validates, in the order it validates them. */
  validates: Validates[];
}

/** What a list of routes (any Hono app mounted at the root) holds under /api: its declared operations and the undeclared ones. */
export function apiOperations(apps: readonly Hono<any>[]): { operations: ApiOperation[]; undeclared: string[] } {
  const chains = new Map<string, { method: string; path: string; handlers: unknown[] }>();
  for (const app of apps) {
    for (const route of app.routes) {
      if (!route.path.startsWith(`${API_PREFIX}/`) || route.method === 'ALL') continue;
      const key = `${route.method} ${route.path}`;
      const chain = chains.get(key) ?? { method: route.method, path: route.path.slice(API_PREFIX.length), handlers: [] };
      // A sub-app with its own error handler is mounted wrapped: its handler is inside.
      chain.handlers.push(findTargetHandler(route.handler));
      chains.set(key, chain);
    }
  }
  const operations: ApiOperation[] = [];
  const undeclared: string[] = [];
  for (const [key, { method, path, handlers }] of chains) {
    const docs = handlers.map(declarationOf).filter((doc) => doc !== undefined);
    if (docs.length !== 1) {
      undeclared.push(docs.length === 0 ? key : `${key} (declared ${docs.length} times)`);
      continue;
    }
    const validates = handlers.map(validatesOf).filter((part) => part !== undefined);
    operations.push({ method, path, openApiPath: openApiPath(path), id: operationId(method, path), doc: docs[0]!, validates });
  }
  return { operations, undeclared };
}

/** `/companies/:key/jobs/:id/:event{publish|pause}` → `/companies/{key}/jobs/{id}/{event}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}');
}

/** The path's parameters with Hono's inline patterns, e.g. `event` → `publish|pause`. */
function pathPatterns(path: string): Map<string, string | undefined> {
  return new Map([...path.matchAll(/:(\w+)(?:\{([^}]*)\})?/g)].map((match) => [match[1]!, match[2]]));
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/\{[^}]*\}/g, '')
    .split(/[/:\-_]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

type Direction = 'input' | 'output';

/** A valibot schema as JSON Schema 2020-12; what JSON Schema cannot say (transforms, custom checks) is left out. */
export function jsonSchemaOf(schema: StandardSchemaV1 | v.GenericSchema, direction: Direction): JsonSchema {
  const { $schema: _, ...rest } = toJsonSchema(schema as v.GenericSchema, { target: 'draft-2020-12', typeMode: direction, errorMode: 'ignore' });
  return rest;
}

/** The rule's answer to those it refuses. */
const ACCESS_ERRORS: Record<Access, readonly ErrorCode[]> = {
  public: [],
  token: [],
  user: ['E_UNAUTHORIZED'],
  owner: ['E_UNAUTHORIZED', 'E_NOT_FOUND'],
  startup: ['E_UNAUTHORIZED', 'E_FORBIDDEN'],
  company: ['E_UNAUTHORIZED', 'E_FORBIDDEN'],
  investor: ['E_UNAUTHORIZED', 'E_FORBIDDEN'],
  admin: ['E_UNAUTHORIZED', 'E_FORBIDDEN'],
};

export const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone',
  token: 'Anyone holding the secret in the request',
  user: 'Signed-in users',
  owner: 'The signed-in user the record belongs to',
  startup: 'Members of any startup, and admins',
  company: 'Members of the startup, and admins',
  investor: 'Members of the investor, and admins',
  admin: 'Admins',
};

/** Every error code an operation can answer, the implicit ones included. */
export function errorCodes(operation: ApiOperation): ErrorCode[] {
  const { doc, validates } = operation;
  const codes = new Set<ErrorCode>([...ACCESS_ERRORS[doc.access], ...(doc.errors ?? []), 'E_DATABASE_UNAVAILABLE', 'E_OVERLOADED']);
  if (doc.hides) codes.add('E_NOT_FOUND');
  if (validates.length > 0 || ['POST', 'PUT', 'PATCH'].includes(operation.method)) codes.add('E_VALIDATION');
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b] || a.localeCompare(b));
}

const MEDIA: Record<Exclude<OperationDoc['response'], v.GenericSchema>, string | null> = {
  empty: null,
  redirect: null,
  file: 'application/octet-stream',
  html: 'text/html',
  text: 'text/plain',
};

type Json = Record<string, unknown>;

function parameters(operation: ApiOperation): Json[] {
  const list: Json[] = [];
  const seen = new Set<string>();
  const place = { param: 'path', query: 'query', header: 'header', cookie: 'cookie' } as const;
  for (const { target, schema } of operation.validates) {
    if (!(target in place)) continue;
    const object = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const where = place[target as keyof typeof place];
      // A route may validate a part twice (its rule's check, then its own): the first names the parameter.
      if (seen.has(`${where} ${name}`)) continue;
      seen.add(`${where} ${name}`);
      list.push({ name, in: where, required: where === 'path' || (object.required ?? []).includes(name), schema: property });
    }
  }
  // A path parameter no validator names (or names only inside its handler) is still in the document.
  for (const [name, pattern] of pathPatterns(operation.path)) {
    if (seen.has(`path ${name}`)) continue;
    const schema = pattern && /^[\w-]+(\|[\w-]+)*$/.test(pattern) ? { type: 'string', enum: pattern.split('|') } : { type: 'string', ...(pattern ? { pattern: `^(?:${pattern})$` } : {}) };
    list.push({ name, in: 'path', required: true, schema });
  }
  return list;
}

function requestBody(operation: ApiOperation): Json | undefined {
  const body = operation.validates.find(({ target }) => target === 'json' || target === 'form');
  if (!body) return undefined;
  const media = body.target === 'json' ? 'application/json' : 'multipart/form-data';
  return { required: true, content: { [media]: { schema: jsonSchemaOf(body.schema, 'input') } } };
}

function responses(operation: ApiOperation): Json {
  const { doc } = operation;
  const answers: Json = {};
  for (const { status, response, when } of successAnswers(doc)) {
    const description = when ?? (response === 'redirect' ? 'A redirect to the Location header' : doc.summary);
    if (typeof response === 'object') {
      answers[String(status)] = { description, content: { 'application/json': { schema: jsonSchemaOf(response, 'output') } } };
      continue;
    }
    const media = MEDIA[response];
    answers[String(status)] = {
      description,
      ...(response === 'redirect' ? { headers: { Location: { schema: { type: 'string' } } } } : {}),
      ...(media ? { content: { [media]: { schema: { type: 'string', ...(response === 'file' ? { contentEncoding: 'binary' } : {}) } } } } : {}),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(operation)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [errorStatus, codes] of byStatus) {
    answers[String(errorStatus)] = { description: codes.join(', '), content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  }
  return answers;
}

export interface DocumentInfo {
  title: string;
  version: string;
  /** The /api base, e.g. https://nordlys.example/api. */
  serverUrl: string;
  /** The site's contact page, the document's contact. */
  contactUrl: string;
}

/**
 * Who may call it, as the document's security requirement: the session cookie, or, for anyone's
 * calls, either none (`{}`) or the session, which a signed-in caller's answers may read.
 */
function securityOf(access: Access): Json[] {
  return access === 'public' || access === 'token' ? [{}, { session: [] }] : [{ session: [] }];
}

/** The OpenAPI 3.1 document of the operations. */
export function openApiDocument(operations: readonly ApiOperation[], info: DocumentInfo): Json {
  const paths: Record<string, Json> = {};
  const sorted = [...operations].sort((a, b) => a.openApiPath.localeCompare(b.openApiPath) || a.method.localeCompare(b.method));
  for (const operation of sorted) {
    const { doc } = operation;
    const body = requestBody(operation);
    (paths[operation.openApiPath] ??= {})[operation.method.toLowerCase()] = {
      operationId: operation.id,
      tags: [tagOf(operation.path)],
      summary: doc.summary,
      description: [doc.description, `Who may call it: ${ACCESS_TEXT[doc.access]}.`].filter(Boolean).join('\n\n'),
      parameters: parameters(operation),
      ...(body ? { requestBody: body } : {}),
      responses: responses(operation),
      security: securityOf(doc.access),
      'x-access': doc.access,
      ...(doc.hides ? { 'x-hides': true } : {}),
    };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: `${info.title} API`,
      version: info.version,
      contact: { name: `${info.title} support`, url: info.contactUrl },
      description:
        'The API the site, the widget and partners use. Signed-in calls carry the session cookie the sign-in sets. ' +
        'Writes from a browser must come from the site itself (their Origin is checked). Every error answers an ErrorBody whose `code` names it; ' +
        'a 400 lists the messages of each field under `errors`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: info.serverUrl }],
    tags: [...new Set(sorted.map((operation) => tagOf(operation.path)))].sort().map((name) => ({ name, ...(name in TAGS ? { description: TAGS[name] } : {}) })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(ErrorBodySchema, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}

/** The reference's groups: the path's first word (the v2 searches are jobs, the startup search is companies, this document and its page are the reference). */
export function tagOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return TAG_OF_WORD[first] ?? first;
}

const TAG_OF_WORD: Record<string, string> = { v2: 'jobs', companiesProper: 'companies', 'openapi.json': 'reference', docs: 'reference' };

/**
 * What each group holds, for the document's tags. A route under a new first word needs a line here:
 * openapi-lint.test.ts fails on a tag without one.
 */
const TAGS: Record<string, string> = {
  admin: "The site's admins: approving startups, investors and jobs, orders, the review queue and failed tasks",
  applicant: "The signed-in applicant's own profile, CV, applications, saved jobs and followed startups",
  applications: "An application's record and CV, for the applicant and the job's startup",
  blog: 'Published blog posts',
  'blog-admin': "Writing the site's blog posts: drafts, publishing and unpublishing",
  captcha: 'The challenge the sign-up and contact forms solve',
  companies: 'Startups: their public profiles and jobs, and for their members the jobs, applicants, team, settings, career domain and feeds they manage',
  contact: 'The contact form',
  deals: 'Perks offered to startups, and claiming one',
  digest: 'Job alerts by mail: subscribing, confirming, settings and unsubscribing',
  'domain-check': 'Whether a career or white-label domain may be served (the TLS proxy asks before issuing a certificate)',
  engagement: "Anonymous usage events the site's pages log",
  funding: "The funding quiz's results",
  investors: 'Investors: their public profiles and portfolios, and for their members the profile they manage',
  invitations: "Joining a startup's or investor's team by invitation",
  'job-search': "The signed-in user's pinned searches",
  jobs: 'Searching jobs, one job, and what a visitor does with it: applying, saving, marking interest, paying for a plan',
  pages: "The site's content pages and partner list",
  partners: "A partner's page",
  payments: "The payment provider's notifications",
  reference: 'This document and its readable reference page',
  showcase: "The landing page's showcase of startups and jobs",
  site: "The site's configuration and the visitor's country",
  tools: 'Tools for startups',
  upload: 'Uploading CVs, logos and images',
  users: 'Accounts: signing up and in, passwords, email verification and the signed-in user',
};
