/**
 * Element ids in the server's HTML (#16): React renders on the server and Preact hydrates in the
 * browser, and their useId differ, so every id comes from lib/domId. On the pages and components
 * that have ids, each label and aria reference points at one element, no id is used twice (even for
 * a component shown twice on a page), and the ids are the same on every render, wherever in the tree
 * the component sits, as the browser's first render will compute them.
 */
import type { Api } from '@nordlys/sdk/api';
import type { User } from '@nordlys/sdk/schemas';
import { useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MoveMenu } from './components/board/MoveMenu';
import { RejectDialog } from './components/board/RejectDialog';
import { StageManager } from './components/board/StageManager';
import { CvField } from './components/CvField';
import { ClaimedDealPanel } from './components/DealClaim';
import { domId } from './lib/domId';
import { render } from './entry-server';
import { ForgotPasswordForm } from './modals/ForgotPasswordForm';
import { SignUpForm } from './modals/SignUpForm';
import { accountApi, jsonAnswer } from './modals/test-helpers';
import { ApiProvider } from './modals/useApi';
import { boardList, northwindCards, northwindStages } from './testing/board';
import { CODES, DEALS, directoryServer } from './testing/directory';
import { createFakeApi, demoUsers } from './testing/fixtures';
import { GENERATED_ID, idReport } from './testing/ids';
import { jobStats, managedJob } from './testing/job-admin';

/** The page as the server renders it for `user`, over the whole-site fake /api (plus `handlers`). */
async function serverPage(path: string, user: User | null, api?: Api): Promise<string> {
  const client = api ?? createFakeApi({ account: { user } }, 'http://nordlys.test/api/').api;
  const response = await render(new Request(`http://nordlys.test${path}`), { api: () => client, productName: 'Nordlys', origin: 'http://nordlys.test', assets: { scripts: [], styles: [] } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** What an id report must say of any page: every reference found, no id twice, none from a useId. */
function expectSoundIds(html: string, where: string, { mountedLater = [] as string[] } = {}) {
  const report = idReport(html);
  expect(report.ids.length, `${where} has ids`).toBeGreaterThan(0);
  expect(report.dangling.filter((ref) => !mountedLater.some((id) => ref.endsWith(`→ ${id}`))), `${where}: references to no element`).toEqual([]);
  expect(report.duplicates, `${where}: ids used twice`).toEqual([]);
  expect(report.ids.filter((id) => GENERATED_ID.test(id)), `${where}: ids from a useId`).toEqual([]);
  return report;
}

const HIRELY = DEALS[0]!;

describe('pages as the server renders them', () => {
  const board = () =>
    accountApi({
      'GET users/me': () => jsonAnswer(demoUsers.founder),
      'GET companies/northwind-labs/applicants': () => jsonAnswer(boardList(northwindCards())),
    }).api;
  const jobDashboard = () =>
    accountApi({
      'GET users/me': () => jsonAnswer(demoUsers.founder),
      'GET companies/northwind-labs/jobs/11': () => jsonAnswer(managedJob('ACTIVE')),
      'GET companies/northwind-labs/jobs/11/stats': () => jsonAnswer(jobStats()),
      'GET companies/northwind-labs/applicants': () => jsonAnswer(boardList(northwindCards())),
    }).api;
  const pages: [path: string, user: User | null, api?: () => Api, mountedLater?: string[]][] = [
    ['/pricing', null],
    ['/contact', null],
    ['/scout', null],
    ['/emailsignup', null],
    ['/jobs', null],
    [`/deals/${HIRELY.key}`, demoUsers.founder, () => accountApi(directoryServer(demoUsers.founder).handlers).api],
    [
      `/client/startups/northwind-labs/deals/${HIRELY.key}`,
      demoUsers.founder,
      () => accountApi(directoryServer(demoUsers.founder, { claimed: { 'northwind-labs': [HIRELY.key] } }).handlers).api,
    ],
    // @dnd-kit writes its drag instructions (the handles' aria-describedby) once mounted, in the browser only.
    ['/client/startups/northwind-labs/applicants', demoUsers.founder, board, ['board-drag-help']],
    ['/client/startups/northwind-labs/jobs', demoUsers.founder],
    ['/client/startups/northwind-labs/jobs/11', demoUsers.founder, jobDashboard, ['board-drag-help']],
  ];

  for (const [path, user, api, mountedLater] of pages) {
    it(`${path}: every label and aria reference points at one element, and a second render has the same ids`, async () => {
      const first = expectSoundIds(await serverPage(path, user, api?.()), path, { mountedLater });
      const second = idReport(await serverPage(path, user, api?.()));
      expect(second.ids).toEqual(first.ids);
    });
  }
});

const noop = () => {};
const captcha = { kind: 'altcha', challengeUrl: '/api/captcha/challenge' } as const;
const withApi = (children: ReactNode) => <ApiProvider api={accountApi().api}>{children}</ApiProvider>;
const claimOf = (deal: (typeof DEALS)[number]) => ({
  deal,
  company: { key: 'northwind-labs', name: 'Northwind Labs' },
  claimedAt: '2026-05-01T10:00:00.000Z',
  claimedBy: 'Mads Holm',
  code: CODES[deal.key] ?? 'CODE',
  redeemUrl: null,
  document: null,
});
const targets = [
  { key: 'custom:3', label: 'First interview', color: '#8c7ae6' },
  { key: 'hired', label: 'Hired', color: '#00a86b' },
];

describe('a component shown twice on one page', () => {
  it('the sign-up form of /emailsignup and the one of the auth modal opened over it', () => {
    const html = renderToString(
      withApi(
        <>
          <SignUpForm api={accountApi().api} captcha={captcha} onSuccess={noop} />
          <SignUpForm id="auth-sign-up" api={accountApi().api} captcha={captcha} onSuccess={noop} />
          <ForgotPasswordForm api={accountApi().api} />
          <ForgotPasswordForm id="auth-forgot-password" api={accountApi().api} />
        </>,
      ),
    );
    const { ids } = expectSoundIds(html, 'two sign-up and two forgot-password forms');
    expect(ids).toEqual(expect.arrayContaining(['sign-up-email', 'auth-sign-up-email', 'forgot-password-email', 'auth-forgot-password-email']));
  });

  it('"Move to…" open on two cards and in the opened card', () => {
    const menu = (id: string, name: string) => <MoveMenu id={id} name={name} targets={targets} open onOpenChange={noop} onPick={noop} />;
    const html = renderToString(
      <>
        {menu(domId('card', 1, 'move'), 'Ada Lovelace')}
        {menu(domId('card', 2, 'move'), 'Grace Hopper')}
        {menu(domId('card-detail', 1, 'move'), 'Ada Lovelace')}
      </>,
    );
    const { ids } = expectSoundIds(html, 'three open menus');
    expect(ids).toEqual(['card-1-move', 'card-2-move', 'card-detail-1-move']);
    expect(html.match(/aria-controls="[^"]+"/g)).toEqual(['aria-controls="card-1-move"', 'aria-controls="card-2-move"', 'aria-controls="card-detail-1-move"']);
  });

  it('the stages dialog, one row per stage, with the rejection dialog over it', () => {
    const html = renderToString(
      withApi(
        <>
          <StageManager companyKey="northwind-labs" stages={northwindStages()} countOf={() => Promise.resolve(0)} onChanged={noop} onClose={noop} />
          <RejectDialog names={['Ada Lovelace']} alreadyMailed={0} onConfirm={noop} onCancel={noop} />
        </>,
      ),
    );
    const { ids } = expectSoundIds(html, 'the stages and rejection dialogs');
    const rows = northwindStages().map((stage) => `stage-${stage.id}-name`);
    expect(rows.length).toBeGreaterThan(1);
    expect(ids).toEqual(expect.arrayContaining([...rows, 'stage-manager-title', 'stage-manager-new-name', 'reject-dialog-title', 'reject-dialog-mail']));
    // Each row's colours are a radio group of their own.
    const groups = new Set([...html.matchAll(/type="radio" name="([^"]+)"/g)].map((m) => m[1]));
    expect(groups.size).toBe(rows.length + 1);
  });

  it('two claimed deals, and two CV fields', () => {
    const cv = { path: 'cv/ada.pdf', fileName: 'ada.pdf', sizeBytes: 1234 };
    const html = renderToString(
      withApi(
        <MemoryRouter>
          <ClaimedDealPanel claim={claimOf(DEALS[0]!)} />
          <ClaimedDealPanel claim={claimOf(DEALS[1]!)} />
          <CvField id="talent-cv" label="CV" value={cv} onChange={noop} />
          <CvField id="apply-cv" label="CV" value={cv} onChange={noop} />
        </MemoryRouter>,
      ),
    );
    expectSoundIds(html, 'two deals and two CV fields');
  });
});

describe('the same ids wherever a component sits in the tree (as Preact computes them in the browser)', () => {
  /** A sibling with state before the component: it moves React's and Preact's useId counters, not our ids. */
  function Before() {
    const [n] = useState(1);
    return <p>{n}</p>;
  }
  it('the stages dialog alone, or after other components', () => {
    const dialog = <StageManager companyKey="northwind-labs" stages={northwindStages()} countOf={() => Promise.resolve(0)} onChanged={noop} onClose={noop} />;
    const alone = idReport(renderToString(withApi(dialog))).ids;
    const later = idReport(renderToString(withApi(<><Before /><div><Before />{dialog}</div></>))).ids;
    expect(later).toEqual(alone);
  });
});
