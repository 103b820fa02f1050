// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectProfileModal } from './ConnectProfileModal';
import { deferred, draftStartup, investor, spokenText } from './test-helpers';

afterEach(cleanup);

function setup(onContinue = vi.fn(async () => {})) {
  const onCreateNew = vi.fn();
  const onClose = vi.fn();
  render(<ConnectProfileModal profiles={[draftStartup, investor]} onContinue={onContinue} onCreateNew={onCreateNew} onClose={onClose} />);
  return { onContinue, onCreateNew, onClose };
}

const continueButtons = () => screen.getAllByRole('button', { name: 'Continue with this profile' });

describe('ConnectProfileModal', () => {
  it("is 'Choose your option' with each profile and its 'Continue with this profile', and '+ Create a new profile'", () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Choose your option' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((li) => spokenText(li.querySelector('.profile-text')!))).toEqual([
      'Fjord Pay (Draft)Startup management and recruitment',
      'North Ventures NOInvestment and funding',
    ]);
    expect(continueButtons()).toHaveLength(2);
    // Each button is told apart by the profile it belongs to.
    expect(continueButtons().map((b) => document.getElementById(b.getAttribute('aria-describedby')!)?.firstChild?.textContent)).toEqual([
      'Fjord Pay',
      'North Ventures',
    ]);
    expect(screen.getByRole('button', { name: '+ Create a new profile' })).toBeTruthy();
  });

  it('continues with the chosen profile, busy meanwhile, one at a time', async () => {
    const pending = deferred<void>();
    const { onContinue } = setup(vi.fn(() => pending.promise));
    fireEvent.click(continueButtons()[1]!);
    expect(onContinue).toHaveBeenCalledWith(investor);
    await waitFor(() => expect(continueButtons()[1]!.getAttribute('aria-busy')).toBe('true'));
    expect(continueButtons()[0]!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(continueButtons()[0]!);
    expect(onContinue).toHaveBeenCalledTimes(1);
    pending.resolve();
    await waitFor(() => expect(continueButtons()[1]!.getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error when continuing fails', async () => {
    setup(vi.fn(async () => Promise.reject(new Error('The profile could not be listed here'))));
    fireEvent.click(continueButtons()[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe('The profile could not be listed here');
  });

  it('creates a new profile through the caller', () => {
    const { onCreateNew, onContinue } = setup();
    fireEvent.click(screen.getByRole('button', { name: '+ Create a new profile' }));
    expect(onCreateNew).toHaveBeenCalledTimes(1);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('closes on Escape', () => {
    const { onClose } = setup();
    fireEvent.keyDown(continueButtons()[0]!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
