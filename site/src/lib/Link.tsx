/**
 * The site's in-app link (#16): an `<a href>` that navigates with the router on a plain left click.
 *
 * react-router's `<Link>` runs about twenty hooks per link (it resolves `to` against the route matches,
 * watches the location, sets up prefetching and a navigate function) and a public page has 60–120
 * links, so hydrating them was a large share of a page's one long task. Every `to` this site writes is
 * an absolute path (`paths.*`, sdk routes.ts), which needs none of that: the href is `to` itself and the
 * click hands it to the router's navigator, which `RouterProvider` already puts in context.
 *
 * Anything else (a relative `to`, a `Path` object, `reloadDocument`, a `target`) goes to react-router's
 * own `<Link>`, so no behaviour is lost. The click follows react-router's rules: only an unmodified
 * primary-button click without a target, not already prevented by `onClick`, stays in the app, and a
 * link to the page already shown replaces the history entry instead of pushing a copy.
 */
import { forwardRef, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link as RouterLink, UNSAFE_NavigationContext, type LinkProps } from 'react-router';

export type { LinkProps };

/** An absolute path of this site ('/jobs?page=2'), as opposed to '//host', 'https:…', 'page' or '?q'. */
export function isAppPath(to: LinkProps['to']): to is `/${string}` {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');
}

/** react-router's rule: a primary-button click with no modifier key, on a link without a target. */
export function staysInApp(event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

function currentPath(): string {
  return typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, replace, state, preventScrollReset, onClick, ...rest } = props;
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const lean =
    isAppPath(to) &&
    rest.reloadDocument === undefined &&
    rest.target === undefined &&
    rest.relative === undefined &&
    rest.viewTransition === undefined &&
    rest.prefetch === undefined &&
    rest.discover === undefined &&
    rest.mask === undefined &&
    rest.defaultShouldRevalidate === undefined;
  if (!lean) return <RouterLink ref={ref} {...props} />;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!staysInApp(event)) return;
    event.preventDefault();
    const options = { preventScrollReset };
    if (replace ?? currentPath() === to) void navigator.replace(to, state, options);
    else void navigator.push(to, state, options);
  };
  return <a {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)} ref={ref} href={to} onClick={handleClick} />;
});
