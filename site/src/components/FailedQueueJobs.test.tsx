// @vitest-environment happy-dom
/** The admins' view of the queue's dead letters (issue #14, on /client/reviews). */
import type { FailedQueueJobs as FailedList } from '@nordlys/sdk/schemas';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountApi, jsonAnswer } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import { FailedQueueJobs } from './FailedQueueJobs';

afterEach(cleanup);

const LIST: FailedList = {
  jobs: [
    { id: 'b1', queue: 'digest', summary: 'digest 12 of 2026-05-04', error: 'connection terminated', tries: 6, createdAt: '2026-05-04T06:00:00.000Z', failedAt: '2026-05-04T09:00:00.000Z' },
    { id: 'a1', queue: 'mail', summary: 'ann@example.test: Confirm your job alerts on Nordlys', error: null, tries: 8, createdAt: '2026-05-03T06:00:00.000Z', failedAt: '2026-05-03T20:00:00.000Z' },
  ],
  total: 5,
};

function mount(initial: FailedList | null, handlers: Parameters<typeof accountApi>[0] = {}) {
  const fake = accountApi(handlers);
  render(
    <ApiProvider api={fake.api}>
      <FailedQueueJobs initial={initial} />
    </ApiProvider>,
  );
  return { ...fake, section: within(screen.getByRole('region', { name: 'Failed mail and digests' })) };
}

describe('FailedQueueJobs', () => {
  it('lists what failed every try: what it was, its tries, its last error', () => {
    const { section } = mount(LIST);
    const items = section.getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')!.textContent)).toEqual(['Job digest: digest 12 of 2026-05-04', 'Mail: ann@example.test: Confirm your job alerts on Nordlys']);
    expect(items[0]!.textContent).toContain('6 tries, first queued 4 May 2026');
    expect(within(items[0]!).getByText('connection terminated')).toBeTruthy();
    expect(section.getByText('The newest 2 of 5 failed jobs.')).toBeTruthy();
  });

  it('says when nothing failed', () => {
    const { section } = mount({ jobs: [], total: 0 });
    expect(section.getByText('No mail and no digest has failed.')).toBeTruthy();
  });

  it('offers a retry when the list could not be loaded', async () => {
    const { section } = mount(null, { 'GET admin/queue/failed': () => jsonAnswer(LIST) });
    expect(section.getByText('The failed jobs could not be loaded')).toBeTruthy();
    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Try again' })));
    expect(await section.findByText('Job digest: digest 12 of 2026-05-04')).toBeTruthy();
  });
});
