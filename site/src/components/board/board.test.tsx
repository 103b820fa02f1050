// @vitest-environment happy-dom
/**
 * The applicant board (/client/startups/{company}/applicants, issue #13) against a fake /api: the
 * columns in the sdk's order with their colours and counts, the cards, "Move to…" offering what
 * canMove allows, optimistic moves with their announcement, Undo and rollback, the rejection's
 * confirmation, bulk actions, filters in the URL, the opened card, "Load more" and the stages.
 */
import type { RecordedCall } from '../../../../sdk/src/testing/fake-fetch';
import { relativeTime } from '@nordlys/sdk/dates';
import { KANBAN_COLUMN_COLORS } from '@nordlys/sdk/pipeline';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, jsonAnswer, renderPage, type Handlers } from '../../modals/test-helpers';
import * as page from '../../routes/client/startups/[company]/applicants';
import { applicant, applicantDetail, boardList, northwindCards, northwindStages } from '../../testing/board';
import { demoUsers } from '../../testing/fixtures';

afterEach(cleanup);

const BOARD = 'GET companies/northwind-labs/applicants';
const patchOf = (id: number) => `PATCH companies/northwind-labs/applicants/${id}`;

function open(handlers: Handlers = {}, url = '/client/startups/northwind-labs/applicants') {
  return renderPage(page, '/client/startups/:company/applicants', url, {
    'GET users/me': () => jsonAnswer(demoUsers.founder),
    [BOARD]: () => jsonAnswer(boardList(northwindCards())),
    ...handlers,
  });
}

const columnNames = () => Array.from(document.querySelectorAll('.board-column__label')).map((el) => el.textContent);
const column = (key: string) => document.querySelector<HTMLElement>(`[data-column="${key}"]`)!;
const cardIn = (key: string, name: string) => within(column(key)).queryByRole('link', { name });
const live = () => screen.getByTestId('board-live').textContent;
const moveButton = (name: string) => screen.getByRole('button', { name: `Move to… (${name})` });
const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
const cardAnswer = (call: RecordedCall, base = northwindCards()[0]!) => jsonAnswer({ ...base, ...(call.json as object), rejectionMailed: false });

describe('the applicant board', () => {
  it('has one column per stage in the sdk order, with colours, counts, and a locked Rejected', async () => {
    open({ 'GET site/config-base': () => jsonAnswer({ message: 'down' }, 503) });
    await screen.findByRole('heading', { level: 1, name: 'Applicants' });
    // Custom stages by their position, not the order the server listed them.
    expect(columnNames()).toEqual(['Applied', 'First interview', 'Take-home task', 'Hired', 'To be rejected', 'Rejected']);
    expect(column('custom:3').style.getPropertyValue('--column-color')).toBe('#8c7ae6');
    // Without the configuration, the sdk's colours.
    expect(column('hired').style.getPropertyValue('--column-color')).toBe(KANBAN_COLUMN_COLORS.hired);
    expect(within(column('applied')).getByRole('heading', { level: 2 }).textContent).toBe('Applied1 candidate');
    expect(column('rejected').textContent).toContain('Rejected candidates stay here');
    // A rejected card has no way out.
    expect(within(column('rejected')).queryByRole('button', { name: /Move to/ })).toBeNull();
    expect(within(column('rejected')).queryByRole('button', { name: /^Drag/ })).toBeNull();
  });

  it('shows a card: name, headline, job (all jobs), applied date, rating and notes', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    const card = column('applied').querySelector('.board-card')!;
    expect(card.querySelector('.board-card__headline')!.textContent).toBe('Analytical engine programmer');
    expect(card.querySelector('.board-card__job')!.textContent).toBe('Backend Engineer');
    expect(card.textContent).toContain(`Applied ${relativeTime(northwindCards()[0]!.appliedAt)}`);
    expect(card.textContent).toContain('Rated 4.5 of 5');
    expect(card.textContent).toContain('2 notes');
    expect(within(column('applied')).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/client/startups/northwind-labs/applicants?open=1');
  });

  it('leaves the job off the cards when filtered to one job, and asks the server with the filters of the URL', async () => {
    const { calls } = open({}, '/client/startups/northwind-labs/applicants?job=11&stage=applied&rating=4&search=%20ada%20&open=x');
    await screen.findByRole('heading', { level: 1 });
    const board = calls.find((c) => c.path.endsWith('/applicants'))!;
    expect(board.query).toEqual({ job: '11', stage: 'applied', rating: '4', search: 'ada', page: '1', pageSize: '500' });
    expect(document.querySelector('.board-card__job')).toBeNull();
    // The stage filter shows its column alone.
    expect(columnNames()).toEqual(['Applied']);
  });

  it('offers in "Move to…" only what canMove allows', async () => {
    open();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(moveButton('Grace Hopper'));
    expect(menuItems()).toEqual(['Applied', 'Take-home task', 'Hired', 'To be rejected', 'Rejected…']);
    expect(document.activeElement!.textContent).toBe('Applied');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    // M on a focused card opens it too.
    fireEvent.keyDown(within(column('hired')).getByRole('link', { name: 'Alan Turing' }), { key: 'm' });
    expect(menuItems()).toEqual(['Applied', 'First interview', 'Take-home task', 'To be rejected', 'Rejected…']);
  });

  it('moves a card at once, announces it, saves it, and undoes it', async () => {
    const answer = deferred<Response>();
    const { sent } = open({ [patchOf(1)]: (call) => ((call.json as { stage: string }).stage === 'custom' ? answer.promise : cardAnswer(call)) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(moveButton('Ada Lovelace'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'First interview' }));
    // Shown before the answer.
    expect(cardIn('custom:3', 'Ada Lovelace')).not.toBeNull();
    expect(cardIn('applied', 'Ada Lovelace')).toBeNull();
    expect(live()).toBe('Ada Lovelace moved to First interview.');
    expect(within(column('custom:3')).getByRole('heading', { level: 2 }).textContent).toBe('First interview2 candidates');
    await waitFor(() => expect(sent(patchOf(1))).toEqual([{ stage: 'custom', stageId: 3 }]));
    answer.resolve(jsonAnswer({ ...northwindCards()[0], stage: 'custom', stageId: 3 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo moving Ada Lovelace' })).toBeTruthy());
    // Focus followed the card into its new column.
    expect(document.activeElement).toBe(within(column('custom:3')).getByRole('button', { name: 'Move to… (Ada Lovelace)' }));

    fireEvent.click(screen.getByRole('button', { name: 'Undo moving Ada Lovelace' }));
    expect(cardIn('applied', 'Ada Lovelace')).not.toBeNull();
    expect(live()).toBe('Ada Lovelace moved back to Applied.');
    await waitFor(() => expect(sent(patchOf(1))).toEqual([{ stage: 'custom', stageId: 3 }, { stage: 'applied', stageId: null }]));
    await waitFor(() => expect(document.querySelector('.board-toast')!.textContent).toContain('Ada Lovelace is back in Applied.'));
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    open({ [patchOf(1)]: () => jsonAnswer({ message: 'This stage was deleted', code: 'E_CONFLICT' }, 409) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(moveButton('Ada Lovelace'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hired' }));
    expect(cardIn('hired', 'Ada Lovelace')).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ada Lovelace could not be moved to Hired: This stage was deleted The card is back in Applied.'));
    expect(cardIn('applied', 'Ada Lovelace')).not.toBeNull();
    expect(cardIn('hired', 'Ada Lovelace')).toBeNull();
    expect(within(column('hired')).getByRole('heading', { level: 2 }).textContent).toBe('Hired1 candidate');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('asks before rejecting, with the kind e-mail, and offers no undo', async () => {
    const { sent } = open({ [patchOf(4)]: (call) => jsonAnswer({ ...northwindCards()[3], stage: 'rejected', rejectionMailed: true, ...(call.json as object) }) });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(moveButton('Edsger Dijkstra'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rejected…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Edsger Dijkstra?' });
    const mail = within(dialog).getByRole('checkbox', { name: 'Send a kind rejection e-mail' }) as HTMLInputElement;
    expect(mail.checked).toBe(true);
    expect(sent(patchOf(4))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Edsger Dijkstra' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(sent(patchOf(4))).toEqual([{ stage: 'rejected', stageId: null, sendRejectionMail: true }]));
    await waitFor(() => expect(document.querySelector('.board-toast')!.textContent).toContain('Edsger Dijkstra moved to Rejected: a kind rejection e-mail is on its way.'));
    expect(cardIn('rejected', 'Edsger Dijkstra')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('moves and rejects in bulk, with the report, never mailing a candidate twice', async () => {
    const { sent } = open({
      'POST companies/northwind-labs/applicants/bulk': (call) => {
        const body = call.json as { action: string; ids: number[] };
        const cards = northwindCards().filter((c) => body.ids.includes(c.id) && c.stage !== 'rejected');
        return body.action === 'move'
          ? jsonAnswer({ applicants: cards.map((c) => ({ ...c, stage: 'hired', stageId: null })), moved: cards.length, skipped: body.ids.length - cards.length, mailed: 0 })
          : jsonAnswer({ applicants: cards.map((c) => ({ ...c, stage: 'rejected', stageId: null, rejectionMailed: true })), moved: cards.length, skipped: 0, mailed: 0 });
      },
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 1 candidate in Rejected' }));
    const bar = screen.getByRole('region', { name: 'Chosen candidates' });
    expect(bar.textContent).toContain('2 candidates chosen');
    fireEvent.click(within(bar).getByRole('button', { name: /^Move to…/ }));
    fireEvent.click(within(bar).getByRole('menuitem', { name: 'Hired' }));
    await waitFor(() => expect(document.querySelector('.board-toast')!.textContent).toContain('Moved 1 candidate to Hired. 1 candidate skipped'));
    expect(sent('POST companies/northwind-labs/applicants/bulk')).toEqual([{ action: 'move', ids: [1, 5], stage: 'hired', stageId: null }]);
    expect(cardIn('hired', 'Ada Lovelace')).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Chosen candidates' })).toBeNull();

    // Everyone chosen has had the e-mail: the box is off and cannot be ticked.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Barbara Liskov' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Chosen candidates' })).getByRole('button', { name: /^Reject…/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Barbara Liskov?' });
    const mail = within(dialog).getByRole('checkbox', { name: 'Send a kind rejection e-mail' }) as HTMLInputElement;
    expect(mail.checked).toBe(false);
    expect(mail.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Barbara Liskov' }));
    await waitFor(() => expect(sent('POST companies/northwind-labs/applicants/bulk').at(-1)).toEqual({ action: 'reject', ids: [5], sendRejectionMail: false }));
  });

  it('keeps the filters in the URL', async () => {
    const { where, calls } = open();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Stage' }), { target: { value: 'hired' } });
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/applicants?stage=hired'));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/applicants')).at(-1)!.query.stage).toBe('hired'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'grace' } });
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/applicants?stage=hired&search=grace'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Job' }), { target: { value: '12' } });
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/applicants?job=12&stage=hired&search=grace'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/applicants'));
  });

  it('opens a card from ?open=: profile, note, answers, CV, ratings, notes and history; rates and adds a note', async () => {
    const card = northwindCards()[0]!;
    const { sent, where } = open(
      {
        'GET companies/northwind-labs/applicants/1': () => jsonAnswer(applicantDetail(card)),
        [patchOf(1)]: (call) => jsonAnswer({ ...card, rating: 4, myRating: (call.json as { rating: number }).rating }),
        'POST companies/northwind-labs/applicants/1/notes': (call) =>
          jsonAnswer({ id: 2, author: { id: 3, fullName: 'Mads Holm' }, body: (call.json as { body: string }).body, createdAt: new Date().toISOString() }),
      },
      '/client/startups/northwind-labs/applicants?open=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    await within(dialog).findByRole('heading', { name: 'Profile' });
    expect(within(dialog).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(dialog.textContent).toContain('Backend');
    expect(dialog.textContent).toContain('Denmark');
    expect(dialog.textContent).toContain('I would love to build this with you.');
    expect(dialog.textContent).toContain('Why Northwind?Greener factories.');
    expect(dialog.querySelector('iframe')!.getAttribute('src')).toBe('/api/applications/1/cv');
    expect(within(dialog).getByRole('link', { name: 'Download the CV' }).getAttribute('href')).toBe('/api/applications/1/cv');
    expect(dialog.textContent).toContain('Moved from Applied to First interview by Frida Founder');
    expect(dialog.textContent).toContain('Moved from First interview to Applied');
    expect(within(dialog).getByRole('list', { name: "The team's ratings" }).textContent).toContain('Frida Founder');

    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await waitFor(() => expect(sent(patchOf(1))).toEqual([{ rating: 4 }]));
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Your rating' }).textContent).toContain('You rated 4 of 5'));
    // The card on the board shows the team's new average.
    expect(column('applied').textContent).toContain('Rated 4 of 5');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Please write a note')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Add a note/ }), { target: { value: 'Call her back on Monday.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(dialog.textContent).toContain('Call her back on Monday.'));
    expect(sent('POST companies/northwind-labs/applicants/1/notes')).toEqual([{ body: 'Call her back on Monday.' }]);
    expect(column('applied').textContent).toContain('3 notes');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(where()).toBe('/client/startups/northwind-labs/applicants'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there are no applicants yet, and where to go', async () => {
    open({ [BOARD]: () => jsonAnswer(boardList([])) });
    expect(await screen.findByRole('heading', { name: 'No applicants yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your jobs' }).getAttribute('href')).toBe('/client/startups/northwind-labs/jobs');
  });

  it('shows the error with a retry when the board cannot be loaded', async () => {
    let fail = true;
    open({ [BOARD]: () => (fail ? jsonAnswer({ message: 'The board is busy' }, 503) : jsonAnswer(boardList(northwindCards()))) });
    expect((await screen.findByRole('alert')).textContent).toContain('The board is busy');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(columnNames()).toHaveLength(6));
  });

  it('loads more cards when there are more than a page', async () => {
    const first = Array.from({ length: 3 }, (_, i) => applicant(i + 1, `Person ${i + 1}`));
    const second = [applicant(4, 'Person 4'), applicant(5, 'Person 5', { stage: 'hired' })];
    const { calls } = open({
      [BOARD]: (call) => jsonAnswer(call.query.page === '2' ? { ...boardList(second, { total: 501, page: 2 }), counts: { applied: 500, hired: 1 } } : { ...boardList(first, { total: 501 }), counts: { applied: 500, hired: 1 } }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Load more (498 more)' }));
    await waitFor(() => expect(cardIn('hired', 'Person 5')).not.toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/applicants')).at(-1)!.query.page).toBe('2');
    expect(within(column('applied')).getAllByRole('listitem')).toHaveLength(4);
    expect(live()).toBe('2 more candidates loaded.');
  });

  it('adds, reorders and deletes stages, saying how many candidates go back to Applied', async () => {
    let stages = northwindStages();
    const { sent } = open({
      [BOARD]: (call) => jsonAnswer(call.query.stage === 'custom:4' ? boardList([], { total: 7, stages }) : boardList(northwindCards(), { stages })),
      'GET companies/northwind-labs/stages': () => jsonAnswer({ stages }),
      'POST companies/northwind-labs/stages': (call) => {
        const body = call.json as { name: string; color: string };
        stages = [...stages, { id: 9, name: body.name, color: body.color, position: 2 }];
        return jsonAnswer(stages.at(-1), 201);
      },
      'PUT companies/northwind-labs/stages/3': (call) => {
        stages = stages.map((s) => (s.id === 3 ? { ...s, position: 1 } : { ...s, position: 0 }));
        return jsonAnswer({ ...stages.find((s) => s.id === 3), ...(call.json as object) });
      },
      'DELETE companies/northwind-labs/stages/4': () => {
        stages = stages.filter((s) => s.id !== 4);
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Manage stages' }));
    const dialog = screen.getByRole('dialog', { name: 'Pipeline stages' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add stage' }));
    expect(within(dialog).getByText('Please name the stage')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('Offer call'), { target: { value: 'Offer' } });
    fireEvent.click(within(dialog).getAllByRole('radio', { name: 'Green' }).at(-1)!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add stage' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Stage “Offer” added before Hired.'));
    expect(sent('POST companies/northwind-labs/stages')).toEqual([{ name: 'Offer', color: '#00a86b' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move down First interview' }));
    await waitFor(() => expect(sent('PUT companies/northwind-labs/stages/3')).toEqual([{ name: 'First interview', color: '#8c7ae6', position: 1 }]));

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete Take-home task' }));
    const confirm = await within(dialog).findByRole('group', { name: 'Delete “Take-home task”? Its 7 candidates go back to Applied.' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete stage' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Stage “Take-home task” deleted; its candidates are back in Applied.'));
    expect(within(dialog).queryByRole('button', { name: 'Delete Take-home task' })).toBeNull();
  });
});
