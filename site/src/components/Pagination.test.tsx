// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('renders real links with the current page marked, and no links past either end', () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <Pagination page={1} pages={3} href={(p) => `/jobs?search=x&page=${p}`} /> }],
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/jobs?search=x&page=3');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/jobs?search=x&page=2');
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
  });
});
