// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwitchProfileModal, type SwitchProfileModalProps } from './SwitchProfileModal';
import { deferred, draftStartup, investor, spokenText, startup } from './test-helpers';

afterEach(cleanup);

function setup(props: Partial<SwitchProfileModalProps> = {}) {
  const onChoose = props.onChoose ?? vi.fn();
  const onClose = vi.fn();
  render(<SwitchProfileModal profiles={[startup, draftStartup, investor]} {...props} onChoose={onChoose} onClose={onClose} />);
  return { onChoose: vi.mocked(onChoose), onClose };
}

const options = () => within(screen.getByRole('list')).getAllByRole('button');

describe('SwitchProfileModal', () => {
  it("is 'Choose profile' with each profile's picture or monogram, name, (Draft) or countries, and description", () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Choose profile' })).toBeTruthy();
    expect(options().map(spokenText)).toEqual([
      'Aurora Labs DK, SEStartup management and recruitment',
      'Fjord Pay (Draft)Startup management and recruitment',
      'North Ventures NOInvestment and funding',
    ]);
    const [aurora, fjord] = options();
    expect(aurora!.querySelector('img')?.getAttribute('src')).toBe('/images/thumbnail/aurora.png');
    expect(aurora!.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(fjord!.querySelector('[aria-hidden="true"]')?.textContent).toBe('FP');
    expect(screen.getByRole('checkbox', { name: 'Remember my choice next time I log in' })).toBeTruthy();
  });

  it("chooses a profile without remembering it, going to the profile's own link", () => {
    const { onChoose } = setup();
    fireEvent.click(options()[2]!);
    expect(onChoose).toHaveBeenCalledWith({
      selection: { type: 'investor', key: 'north-ventures' },
      remember: false,
      goTo: '/client/investors/north-ventures',
    });
  });

  it("remembers the choice when ticked, and goes to 'to' when given", () => {
    const { onChoose } = setup({ to: '/jobs/1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember my choice next time I log in' }));
    fireEvent.click(options()[0]!);
    expect(onChoose).toHaveBeenCalledWith({ selection: { type: 'company', key: 'aurora-labs' }, remember: true, goTo: '/jobs/1' });
  });

  it('lists startups only in only-startups mode', () => {
    setup({ onlyStartups: true });
    expect(options().map((b) => b.querySelector('.profile-text__name')?.firstChild?.textContent)).toEqual(['Aurora Labs', 'Fjord Pay']);
  });

  it('is busy while the choice is stored, ignores a second choice, and shows a failure', async () => {
    const pending = deferred<void>();
    const { onChoose } = setup({ onChoose: vi.fn(() => pending.promise) });
    fireEvent.click(options()[0]!);
    await waitFor(() => expect(options()[0]!.getAttribute('aria-busy')).toBe('true'));
    fireEvent.click(options()[1]!);
    expect(onChoose).toHaveBeenCalledTimes(1);
    pending.reject(new Error('Could not save your choice'));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save your choice');
    expect(options()[0]!.getAttribute('aria-busy')).toBeNull();
  });

  it('closes on Escape and ×', () => {
    const { onClose } = setup();
    fireEvent.keyDown(options()[0]!, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
