// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChooseRoleModal, type ChooseRoleModalProps } from './ChooseRoleModal';

afterEach(cleanup);

function renderModal(props: ChooseRoleModalProps) {
  const router = createMemoryRouter([
    { path: '/', element: <ChooseRoleModal {...props} /> },
    { path: '*', element: <p>Landed</p> },
  ]);
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

describe('ChooseRoleModal', () => {
  it('offers jobs, startup and investor in the sign-up variant, each a link with a description', () => {
    renderModal({ variant: 'sign-up' });
    const dialog = screen.getByRole('dialog', { name: 'How will you use Nordlys?' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ["I'm looking for jobs", '/client/applicant?create=1'],
      ["I'm a startup", '/startups/join'],
      ["I'm an investor", '/investors/join'],
    ]);
    for (const link of links) {
      const description = document.getElementById(link.getAttribute('aria-describedby')!);
      expect(description?.textContent?.length).toBeGreaterThan(20);
    }
    expect(document.getElementById(links[1]!.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Present your startup, post jobs and manage your applicants.',
    );
  });

  it('offers only startup and investor in the profile variant', () => {
    renderModal({ variant: 'profile' });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(["I'm a startup", "I'm an investor"]);
  });

  it.each(['sign-up', 'profile'] as const)('cannot be closed by Escape, the backdrop or a × (%s variant)', (variant) => {
    const { view } = renderModal({ variant });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(screen.getAllByRole('link')[0]!, { key: 'Escape' });
    const backdrop = view.container.querySelector('.modal')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'How will you use Nordlys?' })).toBeTruthy();
  });

  it('follows the chosen link and tells the caller', async () => {
    const onChoose = vi.fn();
    const { router } = renderModal({ variant: 'sign-up', onChoose });
    fireEvent.click(screen.getByRole('link', { name: "I'm an investor" }));
    expect(onChoose).toHaveBeenCalledWith({ label: "I'm an investor", href: '/investors/join' });
    expect(await screen.findByText('Landed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/investors/join');
  });

  it('puts focus on the first choice when it opens', () => {
    renderModal({ variant: 'sign-up' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: "I'm looking for jobs" }));
  });
});
