// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal, type ModalCloseVia } from './Modal';

afterEach(cleanup);

/** A page with an opener button; the modal holds a link, a field and a button. */
function Page({ dismissible = true, onClose = () => {} }: { dismissible?: boolean; onClose?: (via: ModalCloseVia) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Modal
          title="Choose profile"
          dismissible={dismissible}
          onClose={(via) => {
            onClose(via);
            setOpen(false);
          }}
          footer={<p>Footer text</p>}
        >
          <a href="/first">First link</a>
          <label htmlFor="field">Name</label>
          <input id="field" />
          <button type="button">Last button</button>
        </Modal>
      ) : null}
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Choose profile' }) };
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus to its first field and shows its footer', () => {
    render(<Page />);
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Choose profile');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByText('Footer text')).toBeTruthy();
  });

  it('traps Tab and Shift+Tab inside, the × button included', () => {
    render(<Page />);
    const { dialog } = open();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last button' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    // Focus that lands outside (e.g. a click on the page) is pulled back in.
    screen.getByRole('button', { name: 'Open', hidden: true }).focus();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, the backdrop and ×, saying how, and gives focus back to the opener', () => {
    const onClose = vi.fn();
    const { container } = render(<Page onClose={onClose} />);

    let { opener } = open();
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(onClose).toHaveBeenLastCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    ({ opener } = open());
    const backdrop = container.querySelector('.modal')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenLastCalledWith('backdrop');
    expect(document.activeElement).toBe(opener);

    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith('header');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('does not close when a press starts inside the panel and ends on the backdrop', () => {
    const onClose = vi.fn();
    const { container } = render(<Page onClose={onClose} />);
    open();
    fireEvent.mouseDown(screen.getByLabelText('Name'));
    fireEvent.click(container.querySelector('.modal')!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('without dismissible there is no ×, and Escape and the backdrop do nothing', () => {
    const onClose = vi.fn();
    const { container } = render(<Page dismissible={false} onClose={onClose} />);
    open();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    const backdrop = container.querySelector('.modal')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Choose profile' })).toBeTruthy();
  });

  it('locks the page scroll while open', () => {
    render(<Page />);
    document.body.style.overflow = 'auto';
    open();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(document.body.style.overflow).toBe('auto');
  });

  it('a modal that replaces another in one update keeps the focus', () => {
    function First({ next }: { next(): void }) {
      return (
        <Modal title="First" onClose={() => {}}>
          <button type="button" onClick={next}>
            Next
          </button>
        </Modal>
      );
    }
    function Second() {
      return (
        <Modal title="Second" dismissible={false}>
          <a href="/somewhere">A choice</a>
        </Modal>
      );
    }
    function Steps() {
      const [step, setStep] = useState(1);
      return step === 1 ? <First next={() => setStep(2)} /> : <Second />;
    }
    render(<Steps />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'A choice' }));
  });

  it('keeps focus in the dialog, and Escape working, when the focused part is replaced', async () => {
    const onClose = vi.fn();
    function Form() {
      const [sent, setSent] = useState(false);
      return (
        <Modal title="Forgot password" onClose={onClose}>
          {sent ? <p role="status">Sent</p> : <button onClick={() => setSent(true)}>Send</button>}
        </Modal>
      );
    }
    render(<Form />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    const dialog = screen.getByRole('dialog', { name: 'Forgot password' });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith('escape');
  });

  it('brings focus back in with Tab when it fell to the page', () => {
    render(<Page />);
    open();
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});
