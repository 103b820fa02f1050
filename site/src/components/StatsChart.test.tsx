// @vitest-environment happy-dom
/** The job dashboard's chart: zero-filled series, a row per surface with its total, the charts described in words, and the figures per day. */
import { JobStatsSchema } from '@nordlys/sdk/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { jobStats } from '../testing/job-admin';
import { chartRows, dayLabel, describeSeries, funnelRate, StatsChart } from './StatsChart';

afterEach(cleanup);

const NOW = Date.parse('2026-06-10T12:00:00Z');

describe('chartRows', () => {
  it('fills every series to one number per day, with 0 for a missing or broken value, and sums the surfaces', () => {
    const days = ['2026-06-08', '2026-06-09', '2026-06-10'];
    const { surfaces, total } = chartRows({
      days,
      surfaces: [
        { surface: 'site', label: 'Nordlys', views: [1, 2], applyClicks: [], applications: [0, 0, 1, 9] },
        { surface: 'widget', label: 'Widget', views: [3, Number.NaN, -2], applyClicks: [1, 1, 1], applications: [0, 0, 0] },
      ],
    });
    expect(surfaces.map((s) => s.values)).toEqual([
      { views: [1, 2, 0], applyClicks: [0, 0, 0], applications: [0, 0, 1] },
      { views: [3, 0, 0], applyClicks: [1, 1, 1], applications: [0, 0, 0] },
    ]);
    expect(total).toEqual({ surface: 'all', label: 'All surfaces', values: { views: [4, 2, 0], applyClicks: [1, 1, 1], applications: [0, 0, 1] } });
  });

  it('gives an all-zero total when no surface has a figure yet', () => {
    const { surfaces, total } = chartRows({ days: ['2026-06-09', '2026-06-10'], surfaces: [] });
    expect(surfaces).toEqual([]);
    expect(total.values).toEqual({ views: [0, 0], applyClicks: [0, 0], applications: [0, 0] });
  });
});

describe('describeSeries', () => {
  it('tells the span, the total and the best day, in the locale', () => {
    const days = ['2026-05-12', '2026-05-13', '2026-05-14'];
    expect(describeSeries('Views', 'Widget', days, [2, 1230, 5], 'en')).toBe('Views on Widget, 12 May to 14 May: 1,237 views in all, most on 13 May (1,230).');
    expect(describeSeries('Views', 'Widget', days, [2, 1230, 5], 'da')).toBe('Views on Widget, 12 May to 14 May: 1.237 views in all, most on 13 May (1.230).');
    expect(describeSeries('Applications', 'Nordlys', days, [0, 1, 0], 'en')).toBe('Applications on Nordlys, 12 May to 14 May: 1 application in all, most on 13 May (1).');
    expect(describeSeries('Apply clicks', 'Nordlys', days, [0, 0, 0], 'en')).toBe('Apply clicks on Nordlys, 12 May to 14 May: none yet.');
    expect(dayLabel('2026-01-02')).toBe('2 Jan');
  });
});

describe('StatsChart', () => {
  it('has a row per surface and one for all of them, each figure beside its 30-day chart', () => {
    const stats = jobStats(NOW);
    expect(v.safeParse(JobStatsSchema, stats).success).toBe(true);
    render(<StatsChart stats={stats} locale="en" />);
    const table = screen.getAllByRole('table')[0]!;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Where', 'Views', 'Apply clicks', 'Applications']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual(['Nordlys', 'Copenhagen Tech Jobs', 'All surfaces']);
    expect(rows.map((tr) => Array.from(tr.querySelectorAll('.stats-table__figure')).map((f) => f.textContent))).toEqual([
      ['14', '2', '1'],
      ['4', '0', '0'],
      ['18', '2', '1'],
    ]);
    // Each chart is an image with 30 bars, described in words.
    const chart = within(rows[0]!).getByRole('img', { name: /^Views on Nordlys/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart.getAttribute('aria-label')).toBe('Views on Nordlys, 12 May to 10 Jun: 14 views in all, most on 10 Jun (9).');
    expect(within(rows[1]!).getByRole('img', { name: /^Apply clicks on Copenhagen Tech Jobs/ }).getAttribute('aria-label')).toBe(
      'Apply clicks on Copenhagen Tech Jobs, 12 May to 10 Jun: none yet.',
    );
    // The tallest day is full height; a day without any is a hairline.
    const heights = Array.from(chart.querySelectorAll('rect')).map((r) => Number(r.getAttribute('height')));
    expect(heights[29]).toBe(32);
    expect(heights[27]).toBe(Math.round((5 / 9) * 32));
    expect(heights[0]).toBe(1);
    expect(screen.getByText('Per day, 12 May to 10 Jun, by where talent saw the job')).toBeTruthy();
  });

  it('lists the figures of every day in a table under a disclosure', () => {
    render(<StatsChart stats={jobStats(NOW)} locale="en" />);
    const days = screen.getByRole('table', { name: 'Figures per day, all surfaces' });
    const rows = within(days).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]!.textContent).toBe('12 May000');
    expect(rows[29]!.textContent).toBe('10 Jun921');
    expect(screen.getByText('Figures per day').tagName).toBe('SUMMARY');
  });

  it('shows one surface alone, and zero-filled charts when nothing was counted yet', () => {
    const one = jobStats(NOW);
    render(<StatsChart stats={{ ...one, surfaces: one.surfaces.slice(0, 1) }} locale="en" />);
    expect(screen.getAllByRole('rowheader').slice(0, 1).map((th) => th.textContent)).toEqual(['Nordlys']);
    expect(screen.queryByText('All surfaces')).toBeNull();
    cleanup();

    render(<StatsChart stats={jobStats(NOW, [])} locale="en" />);
    expect(screen.getByText('No views, apply clicks or applications yet. The figures appear here as talent finds the job.')).toBeTruthy();
    const table = screen.getAllByRole('table')[0]!;
    const total = within(table).getAllByRole('row')[1]!;
    expect(within(total).getByRole('rowheader').textContent).toBe('All surfaces');
    expect(Array.from(total.querySelectorAll('.stats-table__figure')).map((f) => f.textContent)).toEqual(['0', '0', '0']);
    const chart = within(total).getByRole('img', { name: /^Views on all surfaces/ });
    expect(Array.from(chart.querySelectorAll('rect')).map((r) => r.getAttribute('height'))).toEqual(Array(30).fill('1'));
  });
});

describe('the funnel per surface (issue #14)', () => {
  it("tells each step's share of the step before it, in the locale, and nothing without a step before", () => {
    expect(funnelRate('views', { views: 25, applyClicks: 2, applications: 1 }, 'en')).toBeNull();
    expect(funnelRate('applyClicks', { views: 25, applyClicks: 2, applications: 1 }, 'en')).toBe('8% of views');
    expect(funnelRate('applications', { views: 25, applyClicks: 2, applications: 1 }, 'en')).toBe('50% of apply clicks');
    expect(funnelRate('applyClicks', { views: 1000, applyClicks: 4, applications: 0 }, 'en')).toBe('0.4% of views');
    expect(funnelRate('applyClicks', { views: 1000, applyClicks: 4, applications: 0 }, 'da')).toMatch(/^0,4\s?% of views$/);
    expect(funnelRate('applications', { views: 3, applyClicks: 0, applications: 0 }, 'en')).toBeNull();
  });

  it('shows the job alert e-mails as a surface of their own: views, apply clicks and applications with their shares', () => {
    const stats = jobStats(NOW);
    const zeros = () => stats.days.map(() => 0);
    const digest = { surface: 'digest', label: 'Job alert e-mails', views: zeros(), applyClicks: zeros(), applications: zeros() };
    digest.views[28] = 3;
    digest.views[29] = 1;
    digest.applyClicks[29] = 2;
    digest.applications[29] = 1;
    const surfaces = [stats.surfaces[0]!, digest, stats.surfaces[1]!];
    render(<StatsChart stats={jobStats(NOW, surfaces)} locale="en" />);
    const table = screen.getAllByRole('table')[0]!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual(['Nordlys', 'Job alert e-mails', 'Copenhagen Tech Jobs', 'All surfaces']);
    const digestRow = rows[1]!;
    expect(Array.from(digestRow.querySelectorAll('.stats-table__figure')).map((f) => f.textContent)).toEqual(['4', '2', '1']);
    expect(Array.from(digestRow.querySelectorAll('.stats-table__rate')).map((f) => f.textContent)).toEqual(['50% of views', '50% of apply clicks']);
    expect(within(digestRow).getByRole('img', { name: /^Applications on Job alert e-mails/ }).getAttribute('aria-label')).toBe(
      'Applications on Job alert e-mails, 12 May to 10 Jun: 1 application in all, most on 10 Jun (1).',
    );
    // The feed has views only: no share of apply clicks to tell, and 0% of its views clicked.
    expect(Array.from(rows[2]!.querySelectorAll('.stats-table__rate')).map((f) => f.textContent)).toEqual(['0% of views']);
    // All surfaces: 18 + 4 views, 2 + 2 apply clicks, 1 + 1 applications.
    expect(Array.from(rows[3]!.querySelectorAll('.stats-table__figure')).map((f) => f.textContent)).toEqual(['22', '4', '2']);
    expect(Array.from(rows[3]!.querySelectorAll('.stats-table__rate')).map((f) => f.textContent)).toEqual(['18% of views', '50% of apply clicks']);
  });
});
