/** Server rendering of the site: runs the loaders, then streams the HTML document with its meta tags and hydration data. */
import type { Api } from '@nordlys/sdk/api';
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { createRouterContext, DEFAULT_ORIGIN } from './api';
import { pageScripts, type SiteAssets } from './assets';
import { hydrationDataScript } from './hydration-data';
import { errorMeta, escapeHtml, metaTags, resolveMeta, routeMeta, type PageMeta } from './meta';
import { routes } from './router';

export interface RenderOptions {
  /** Creates the sdk Api for one page request; on the server it calls the app in-process and forwards the visitor's cookie. */
  api: (request: Request) => Api;
  /** default 'Nordlys' */
  productName: string;
  /** The site's public origin (the server's PUBLIC_URL): canonical, social and JSON-LD links are built on it. Default DEFAULT_ORIGIN (tests). */
  origin?: string;
  /** The build's manifest: the client entry (module script), the CSS, and what each route's page loads (assets.ts). */
  assets: SiteAssets;
}

const handler = createStaticHandler(routes);

/** Route errors as react-router's client expects them in hydration data. */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) {
      out[id] = { message: error.message, __type: 'Error', ...(error.name !== 'Error' ? { __subType: error.name } : {}) };
    } else out[id] = error;
  }
  return out;
}

/**
 * The router's data for the client, as a JSON block (no inline script: the page's CSP runs none), with
 * the ids of the routes that matched, so the browser loads those pages' code without matching the URL
 * against the whole route tree again (client.tsx).
 */
function hydrationData(context: StaticHandlerContext): string {
  return hydrationDataScript({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
    matches: context.matches.map((match) => match.route.id),
  });
}

/** The status of the first route error (404, 500, …), or null. */
function errorStatus(context: StaticHandlerContext): number | null {
  const first = context.errors ? Object.values(context.errors)[0] : undefined;
  if (first === undefined) return null;
  return isRouteErrorResponse(first) ? first.status : 500;
}

function pageMeta(context: StaticHandlerContext, url: URL, productName: string): PageMeta {
  const status = errorStatus(context);
  if (status !== null) return errorMeta(status);
  const matches = context.matches.map((m) => ({
    handle: m.route.handle,
    params: m.params,
    loaderData: context.loaderData[m.route.id],
  }));
  return routeMeta(matches, url, productName) ?? errorMeta(context.statusCode);
}

/**
 * The site's icon (server/public/favicon.ico holds it at 16–48 px) as a data: URL, percent-encoded
 * whole: an href may hold no raw space or '<' (the Nu HTML Checker refuses one, issue #32).
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='#0f766e'/><path d='M6 22c4-9 8-13 10-13s6 4 10 13' fill='none' stroke='#fff' stroke-width='2.5' stroke-linecap='round'/></svg>",
)}`;

/** The head; `scripts` are the page's scripts (pageScripts), all preloaded so none waits to be discovered. */
function documentHead(meta: string, assets: RenderOptions['assets'], scripts: readonly string[]): string {
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    meta,
    '<meta name="theme-color" content="#0f766e">',
    `<link rel="icon" href="${FAVICON}">`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...scripts.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`),
    '</head><body><div id="root">',
  ].join('');
}

function documentTail(context: StaticHandlerContext, assets: RenderOptions['assets']): string {
  return [
    '</div>',
    hydrationData(context),
    ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    '</body></html>',
  ].join('');
}

/** A plain page for when rendering itself failed (no React, no client script). */
function fallbackDocument(productName: string, assets: RenderOptions['assets']): Response {
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Something went wrong | ${escapeHtml(productName)}</title><meta name="robots" content="noindex">`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    '</head><body><main id="main" class="container error-page"><h1>Something went wrong</h1>',
    '<p>The page could not be shown. Please try again in a moment.</p>',
    '<p><a class="button button--primary" href="/">Back to home</a></p></main></body></html>',
  ].join('');
  return new Response(html, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * Renders one page request: redirects come back as they are; otherwise a streamed HTML document
 * whose status is the route's (404 for unknown routes and missing jobs or startups, 500 for errors).
 */
export async function render(request: Request, options: RenderOptions): Promise<Response> {
  const productName = options.productName || DEFAULT_PRODUCT_NAME;
  const origin = options.origin ?? DEFAULT_ORIGIN;
  const requestContext = createRouterContext(options.api(request), { productName, origin });
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return context;

  const url = new URL(request.url);
  const meta = resolveMeta(pageMeta(context, url, productName), url, productName, origin);
  const router = createStaticRouter(handler.dataRoutes, context);

  let body: ReadableStream<Uint8Array>;
  try {
    body = await renderToReadableStream(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
      {
        signal: request.signal,
        onError(error) {
          console.error('[site] render error', error);
        },
      },
    );
  } catch (error) {
    console.error('[site] render failed', error);
    return fallbackDocument(productName, options.assets);
  }

  const encoder = new TextEncoder();
  const scripts = pageScripts(options.assets, context.matches.map((m) => m.route.id));
  const head = encoder.encode(documentHead(metaTags(meta), options.assets, scripts));
  const tail = encoder.encode(documentTail(context, options.assets));
  const document = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      flush(controller) {
        controller.enqueue(tail);
      },
    }),
  );

  const headers = pageHeaders(context.matches.map((m) => context.loaderHeaders[m.route.id]));
  return new Response(document, { status: context.statusCode, headers });
}

/**
 * The page's headers from its routes' loader headers, outer to inner: a deeper route's value wins,
 * except that a private Cache-Control (a signed-in page, set by the root) is never replaced by a
 * shareable one, so a CDN can never keep one visitor's page for another.
 */
export function pageHeaders(routeHeaders: readonly (Headers | undefined)[]): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  const isPrivate = () => /\b(private|no-store)\b/i.test(headers.get('Cache-Control') ?? '');
  for (const set of routeHeaders) {
    set?.forEach((value, key) => {
      if (key.toLowerCase() === 'cache-control' && isPrivate()) return;
      if (key.toLowerCase() === 'vary' && headers.has('Vary')) headers.append('Vary', value);
      else headers.set(key, value);
    });
  }
  return headers;
}
