// @vitest-environment happy-dom
import { ApiError } from '@nordlys/sdk/api';
import { CompanyInputSchema } from '@nordlys/sdk/schemas';
import { INDUSTRIES } from '@nordlys/sdk/vocabulary';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Link } from '../../lib/Link';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChipPicker } from './CheckboxGroup';
import { errorsUnder, fieldErrorsOf, serverFieldErrors, withoutErrorsOf } from './errors';
import { FormErrorSummary } from './FormErrorSummary';
import { PeopleEditor, peopleInput, type PersonDraft } from './PeopleEditor';
import { RichTextField } from './RichTextField';
import { TextField } from './TextField';
import { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';

afterEach(cleanup);

describe('TextField', () => {
  it('has its label, a required mark read as "required", and its message under it describing the input', () => {
    render(<TextField id="name" label="Name" required value="" onChange={() => {}} error="Please enter the name" hint="As talent knows it" />);
    const input = screen.getByRole('textbox', { name: 'Name (required)' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('name-error name-hint');
    expect(document.getElementById('name-error')?.textContent).toBe('Please enter the name');
  });
});

describe('ChipPicker', () => {
  it('toggles values with native checkboxes, in the vocabulary order', () => {
    function Picker() {
      const [value, setValue] = useState<string[]>(['saas']);
      return (
        <>
          <ChipPicker id="industries" legend="Industries" value={value} onChange={setValue} options={INDUSTRIES} />
          <output>{value.join(',')}</output>
        </>
      );
    }
    render(<Picker />);
    const group = screen.getByRole('group', { name: 'Industries' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Fintech' }));
    // Fintech comes before SaaS in the list, whatever the order they were ticked in.
    expect(screen.getByRole('status').textContent).toBe('fintech,saas');
    fireEvent.click(within(group).getByRole('checkbox', { name: 'SaaS' }));
    expect(screen.getByRole('status').textContent).toBe('fintech');
  });
});

describe('RichTextField', () => {
  function Editor({ initial = '<p>Hello</p>' }: { initial?: string }) {
    const [html, setHtml] = useState(initial);
    return (
      <form onSubmit={(e) => e.preventDefault()}>
        <RichTextField id="whatWeDo" label="What we do" required value={html} onChange={setHtml} />
        <output data-testid="html">{html}</output>
        <button type="button" onClick={() => setHtml('<p>From the server</p>')}>
          Reset
        </button>
      </form>
    );
  }

  it('renders the HTML it is given, emits what is typed, and an empty editor as ""', () => {
    render(<Editor />);
    const editor = screen.getByRole('textbox', { name: 'What we do (required)' });
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(editor.innerHTML).toBe('<p>Hello</p>');
    editor.innerHTML = '<p>We <b>build</b> robots</p>';
    fireEvent.input(editor);
    expect(screen.getByTestId('html').textContent).toBe('<p>We <b>build</b> robots</p>');
    editor.innerHTML = '<p><br></p>';
    fireEvent.input(editor);
    expect(screen.getByTestId('html').textContent).toBe('');
  });

  it('takes a value set from outside (the stored profile) into the editor', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: /What we do/ }).innerHTML).toBe('<p>From the server</p>');
  });

  it('has one toolbar stop that arrow keys move along, and a link form that Enter does not submit and Escape closes', () => {
    render(<Editor />);
    const toolbar = screen.getByRole('toolbar', { name: 'What we do: formatting' });
    const tools = within(toolbar).getAllByRole('button');
    expect(tools.map((b) => b.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1']);
    act(() => tools[0]!.focus());
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tools[1]);
    expect(tools[1]!.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(document.activeElement).toBe(tools[5]);

    const editor = screen.getByRole('textbox', { name: /What we do/ });
    fireEvent.keyDown(editor, { key: 'k', ctrlKey: true });
    const address = screen.getByLabelText('Link address');
    expect(document.activeElement).toBe(address);
    // Empty: a message, and the form stays.
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(screen.getByText('Please enter the link address')).toBeTruthy();
    fireEvent.keyDown(address, { key: 'Escape' });
    expect(screen.queryByLabelText('Link address')).toBeNull();
    expect(document.activeElement).toBe(editor);
  });
});

describe('PeopleEditor', () => {
  function Team({ initial }: { initial: PersonDraft[] }) {
    const [people, setPeople] = useState(initial);
    return (
      <>
        <PeopleEditor id="team" legend="Team" noun="team member" value={people} onChange={setPeople} owner={{ kind: 'company', key: 'northwind' }} errors={{ '1.name': 'Please enter the name' }} />
        <output data-testid="people">{people.map((p) => p.name).join(',')}</output>
      </>
    );
  }

  it('adds, moves (announced) and removes people, and shows each one\'s messages', () => {
    render(<Team initial={[{ name: 'Ada', title: 'CTO', image: null }, { name: '', title: '', image: null }]} />);
    const team = screen.getByRole('group', { name: 'Team' });
    expect(within(team).getAllByRole('textbox', { name: 'Name (required)' })[1]!.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(team).getByRole('button', { name: 'Move down: Ada' }));
    expect(screen.getByTestId('people').textContent).toBe(',Ada');
    expect(screen.getByText('Ada moved to position 2 of 2')).toBeTruthy();
    fireEvent.click(within(team).getByRole('button', { name: 'Add a team member' }));
    expect(within(team).getAllByRole('textbox', { name: 'Name (required)' })).toHaveLength(3);
    fireEvent.click(within(team).getByRole('button', { name: 'Remove Ada' }));
    expect(screen.getByTestId('people').textContent).toBe(',');
  });

  it('sends people as the input schema takes them', () => {
    const image = { path: 'p/1.webp', sizes: { large: '', cover: '', thumbnail: '', listing: '', portrait: '', social: '' } };
    expect(peopleInput([{ name: 'Ada', title: '', image }])).toEqual([{ name: 'Ada', title: null, image: 'p/1.webp' }]);
  });
});

describe('field messages', () => {
  it('checks with the sdk schema, keyed by path, and takes the server\'s 400 messages', () => {
    const result = fieldErrorsOf(CompanyInputSchema, { name: '', website: 'not a site', team: [{ name: '' }], foundedYear: 'soon' });
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(errors.name).toBe('Please enter the name of the startup');
    expect(errors.website).toMatch(/must be a web address/);
    expect(errors['team.0.name']).toBe('Please enter the name');
    expect(errors.foundedYear).toBe('Founded must be a year');
    expect(errorsUnder(errors, 'team')).toEqual({ '0.name': 'Please enter the name' });

    const ok = fieldErrorsOf(CompanyInputSchema, { name: 'Northwind', website: 'northwind.dk' });
    expect(ok.ok && ok.output.website).toBe('http://northwind.dk');

    const answer = new ApiError('Invalid input', { status: 400, body: { code: 'E_VALIDATION', errors: { key: ['Company key is taken', 'other'] } } });
    expect(serverFieldErrors(answer)).toEqual({ key: 'Company key is taken' });
    expect(serverFieldErrors(new Error('x'))).toBeNull();
  });

  it('lists the messages as links that focus their fields', () => {
    render(
      <>
        <input id="website" aria-label="Website" />
        <fieldset id="industries">
          <input type="checkbox" aria-label="SaaS" />
        </fieldset>
        <FormErrorSummary items={[{ id: 'website', message: 'Website must be a web address' }, { id: 'industries', message: 'Pick one' }]} />
      </>,
    );
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('link', { name: 'Pick one' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'SaaS' }));
    fireEvent.click(within(alert).getByRole('link', { name: 'Website must be a web address' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Website' }));
  });
});

describe('useUnsavedChangesPrompt', () => {
  function Page({ dirty }: { dirty: boolean }) {
    const { prompt } = useUnsavedChangesPrompt(dirty);
    return (
      <>
        <Link to="/elsewhere">Elsewhere</Link>
        {prompt}
      </>
    );
  }

  function mount(dirty: boolean) {
    const router = createMemoryRouter([
      { path: '/', element: <Page dirty={dirty} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ]);
    render(<RouterProvider router={router} />);
    return router;
  }

  it('asks before a link leaves a page with unsaved changes: Stay keeps the page, Leave goes', async () => {
    const router = mount(true);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' })));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave the page' })));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser before the tab closes only while there are unsaved changes', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    mount(false);
    expect(listen.mock.calls.some(([type]) => type === 'beforeunload')).toBe(false);
    cleanup();
    mount(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    listen.mockRestore();
  });

  it('lets a page without changes go at once', async () => {
    const router = mount(false);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});

describe('withoutErrorsOf', () => {
  it('clears the named fields and their parts, and keeps the same object when nothing goes', () => {
    const errors = { location: 'Where?', 'location.locality': 'City?', salary: 'Pay?', locations: 'Other' };
    expect(withoutErrorsOf(errors, ['location'])).toEqual({ salary: 'Pay?', locations: 'Other' });
    expect(withoutErrorsOf(errors, ['title'])).toBe(errors);
  });
});
