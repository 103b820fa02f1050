// @vitest-environment happy-dom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppPath, Link } from './Link';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

/** A browser router on happy-dom's history, with a page of links under /jobs. */
function renderLinks(onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  window.history.replaceState(null, '', '/jobs');
  const router = createBrowserRouter([
    {
      path: '/',
      element: (
        <>
          <Where />
          <Outlet />
        </>
      ),
      children: [
        {
          path: 'jobs/:id?',
          element: (
            <nav>
              <Link to="/jobs/7?tab=about#perks" state={{ from: 'list' }} onClick={onClick}>
                A job
              </Link>
              <Link to="/jobs">This list</Link>
              <Link to="/startups" target="_blank">
                New tab
              </Link>
              <Link to="../startups">Relative</Link>
            </nav>
          ),
        },
        { path: 'startups', element: <h1>Startups</h1> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('renders the path as the href and navigates in the app on a plain click, with its state', async () => {
    const onClick = vi.fn();
    const router = renderLinks(onClick);
    const link = screen.getByRole('link', { name: 'A job' });
    expect(link.getAttribute('href')).toBe('/jobs/7?tab=about#perks');
    await act(async () => {
      fireEvent.click(link, { button: 0 });
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/jobs/7?tab=about#perks');
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.state).toEqual({ from: 'list' });
  });

  it('replaces the history entry for a link to the page already shown, as react-router does', async () => {
    const router = renderLinks();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'This list' }), { button: 0 });
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('where').textContent).toBe('/jobs');
  });

  it('leaves modified clicks, other buttons and prevented clicks to the browser', async () => {
    const router = renderLinks((event) => event.preventDefault());
    const link = screen.getByRole('link', { name: 'This list' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      const event = new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      await act(async () => {
        link.dispatchEvent(event);
      });
      expect(event.defaultPrevented, JSON.stringify(init)).toBe(false);
    }
    // onClick prevented the default: the app does not navigate either.
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'A job' }), { button: 0 });
    });
    expect(screen.getByTestId('where').textContent).toBe('/jobs');
    expect(router.state.historyAction).toBe('POP');
  });

  it("hands a target or a relative path to react-router's Link", async () => {
    renderLinks();
    expect(screen.getByRole('link', { name: 'New tab' }).getAttribute('target')).toBe('_blank');
    const relativeLink = screen.getByRole('link', { name: 'Relative' });
    // Resolved against the route, as react-router resolves it: /jobs/:id? → /startups.
    expect(relativeLink.getAttribute('href')).toBe('/startups');
    await act(async () => {
      fireEvent.click(relativeLink, { button: 0 });
    });
    expect(screen.getByRole('heading', { name: 'Startups' })).toBeTruthy();
  });

  it('tells an app path from other destinations', () => {
    expect(['/', '/jobs?page=2', '/jobs#top'].every(isAppPath)).toBe(true);
    expect(['//evil.example/x', 'https://nordlys.test/', 'jobs', '?page=2', '#top', { pathname: '/jobs' }].some(isAppPath)).toBe(false);
  });
});

describe('one Link in the site', () => {
  it('site/src takes Link from lib/Link, not from react-router', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !path.endsWith(join('lib', 'Link.tsx'))) files.push(path);
      }
    };
    walk(src);
    const offenders = files
      .filter((path) => /import\s*\{[^}]*\bLink\b[^}]*\}\s*from\s*'react-router'/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(offenders, "react-router's Link runs ~20 hooks per link on hydration (#16); use site/src/lib/Link").toEqual([]);
  });
});
