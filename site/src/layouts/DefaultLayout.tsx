/**
 * The default layout (spec 2.7): the session, skip link, header, the connect banner (spec 2.9),
 * main, footer, the loading bar, and the document meta on navigation. After a 403 while logged in
 * (spec 8) main shows the 403 page until the session goes to the front page.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { ConnectBanner } from '../components/ConnectBanner';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { LoadingBar } from '../components/LoadingBar';
import { NowProvider } from '../components/Now';
import { SessionExpired } from '../components/SessionExpired';
import { applyMeta, resolveMeta, routeMeta } from '../meta';
import { useRootData } from '../root';
import { FlagsProvider } from '../session/FlagsProvider';
import { SessionProvider, useSession } from '../session/SessionProvider';

/** Keeps document.title and the meta tags in step with client-side navigations. */
function useDocumentMeta(productName: string, origin: string, enabled: boolean) {
  const matches = useMatches();
  const location = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const url = new URL(`${location.pathname}${location.search}`, origin);
    const meta = routeMeta(matches, url, productName);
    // null: the page's loader failed and the error page sets the title.
    if (meta) applyMeta(document, resolveMeta(meta, url, productName, origin));
  }, [matches, location, productName, origin, enabled]);
}

/** Moves focus to the main content after a client-side page change, so screen readers start there. */
function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

export interface DefaultLayoutProps {
  /** The page; the matched child route when absent. */
  children?: ReactNode;
  /** Off when an error page owns the title. */
  syncMeta?: boolean;
}

export function DefaultLayout(props: DefaultLayoutProps) {
  const { user, profileCookie, auth, productName } = useRootData();
  return (
    <SessionProvider seed={{ user, cookie: profileCookie }} authSettings={auth} productName={productName}>
      <FlagsProvider>
        <Frame {...props} />
      </FlagsProvider>
    </SessionProvider>
  );
}

function Frame({ children, syncMeta = true }: DefaultLayoutProps) {
  const { productName, origin, headhunter, renderedAt } = useRootData();
  const { expired } = useSession();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  const busy = navigation.state !== 'idle';
  useDocumentMeta(productName, origin, syncMeta && !expired);
  useFocusOnNavigate(main);
  // The page is interactive from here: header buttons open modals instead of following their no-JS links.
  // Browser tests wait for this mark before clicking.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <NowProvider initial={renderedAt}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <LoadingBar active={busy} />
      <Header productName={productName} headhunter={headhunter} />
      <ConnectBanner />
      <main id="main" ref={main} tabIndex={-1} aria-busy={busy || undefined}>
        {expired ? <SessionExpired productName={productName} /> : (children ?? <Outlet />)}
      </main>
      <Footer productName={productName} />
      <ScrollRestoration />
    </NowProvider>
  );
}

/** The last-resort boundary: the root itself failed, so show the error page in a bare layout. */
export function RootErrorLayout({ children }: { children: ReactNode }) {
  return <DefaultLayout syncMeta={false}>{children}</DefaultLayout>;
}
