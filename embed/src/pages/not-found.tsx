/** @jsxImportSource preact */
/**
 * 404 documents of the host-routed pages (spec 2.6): an unknown host, and an unknown path on a
 * known careers or white-label host. The server sends them with status 404.
 */
import { DEFAULT_PRODUCT_NAME } from '@nordlys/sdk/constants';
import type { CompanyRef, WhiteLabelFeed } from '@nordlys/sdk/schemas';
import { imageSize } from './format';
import { renderDocument } from './document';
import { Frame, Logo } from './layout';
import { FeedHeader } from './white-label';

export interface HostNotFoundInput {
  /** The Host the request named. */
  host: string;
  /** The main Nordlys site, for a way out; no link when left out. */
  canonicalOrigin?: string;
}

export type PageNotFoundInput = {
  /** The path asked for, e.g. '/jobs/999'. */
  path?: string;
  canonicalOrigin: string;
} & ({ company: CompanyRef; feed?: undefined } | { feed: WhiteLabelFeed; company?: undefined });

export function renderHostNotFound({ host, canonicalOrigin }: HostNotFoundInput): string {
  const body = (
    <Frame header={<span class="brand">{DEFAULT_PRODUCT_NAME}</span>} canonicalOrigin={canonicalOrigin}>
      <h1>This site is not set up yet</h1>
      <p class="lead">
        There is no careers page or job feed at <strong>{host}</strong> yet.
      </p>
      <p class="lead">
        If this is your domain, check that it is entered in your startup's settings on {DEFAULT_PRODUCT_NAME}, and that its DNS points to us.
        Changes can take a few minutes to show.
      </p>
      {canonicalOrigin ? (
        <p>
          <a href={`${canonicalOrigin}/`}>Go to {DEFAULT_PRODUCT_NAME}</a>
        </p>
      ) : null}
    </Frame>
  );
  return renderDocument({ title: `Site not found – ${host}`, noindex: true }, body);
}

export function renderPageNotFound(input: PageNotFoundInput): string {
  const { path, canonicalOrigin } = input;
  const header = input.feed ? (
    <FeedHeader feed={input.feed} canonicalOrigin={canonicalOrigin} />
  ) : (
    <a class="brand" href="/">
      <Logo name={input.company.name} src={imageSize(input.company.logoImage, 'thumbnail', canonicalOrigin)} />
      <span>{input.company.name}</span>
    </a>
  );
  const name = input.feed ? input.feed.name : input.company.name;
  const body = (
    <Frame header={header} canonicalOrigin={canonicalOrigin}>
      <h1>Page not found</h1>
      <p class="lead">
        This page could not be found{path ? <> (<code>{path}</code>)</> : null}. The job may have closed, or the link may be mistyped.
      </p>
      <p>
        <a href="/">See all jobs</a>
      </p>
    </Frame>
  );
  return renderDocument({ title: `Page not found – ${name}`, noindex: true }, body);
}
