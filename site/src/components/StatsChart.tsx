/**
 * The job dashboard's figures (issue #12, ui.md "Numbers people track"): views, apply clicks and
 * applications over the last 30 days, per surface (the site, the widget, the career page, the job
 * alert e-mails of issue #14, each white-label feed), each as a small inline SVG bar chart with its
 * total beside it. No chart library. The columns are the funnel, views → apply clicks →
 * applications, and each step after the first shows its share of the step before it ("8% of
 * views"). Each chart is an image with a description in words; the day-by-day figures are in a
 * table under a disclosure.
 */
import type { JobStats, JobSurfaceStats } from '@nordlys/sdk/schemas';

import { domId } from '../lib/domId';
import { formatCount } from '../lib/locale';

export type Metric = 'views' | 'applyClicks' | 'applications';

export const METRICS: readonly { key: Metric; label: string; one: string; many: string }[] = [
  { key: 'views', label: 'Views', one: 'view', many: 'views' },
  { key: 'applyClicks', label: 'Apply clicks', one: 'apply click', many: 'apply clicks' },
  { key: 'applications', label: 'Applications', one: 'application', many: 'applications' },
];

export interface ChartRow {
  surface: string;
  label: string;
  values: Record<Metric, number[]>;
}

/** Exactly `length` numbers: missing days are 0, extra ones dropped, anything not a finite count is 0. */
function fit(values: readonly number[] | undefined, length: number): number[] {
  return Array.from({ length }, (_, i) => {
    const n = values?.[i];
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
  });
}

/**
 * The chart's rows: one per surface, each series zero-filled to one number per day, then (with more
 * than one surface, or none yet) "All surfaces", their sum.
 */
export function chartRows(stats: Pick<JobStats, 'days' | 'surfaces'>): { surfaces: ChartRow[]; total: ChartRow } {
  const length = stats.days.length;
  const surfaces = stats.surfaces.map((s: JobSurfaceStats) => ({
    surface: s.surface,
    label: s.label,
    values: { views: fit(s.views, length), applyClicks: fit(s.applyClicks, length), applications: fit(s.applications, length) },
  }));
  const sum = (metric: Metric) => Array.from({ length }, (_, i) => surfaces.reduce((n, s) => n + s.values[metric][i]!, 0));
  return { surfaces, total: { surface: 'all', label: 'All surfaces', values: { views: sum('views'), applyClicks: sum('applyClicks'), applications: sum('applications') } } };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '2026-05-12' → '12 May' (in UTC, so the server and the browser agree). */
export const dayLabel = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dayFormat.format(time);
};

const sumOf = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/** The funnel: each metric after the first is a share of the one before it (views → apply clicks → applications). */
const FUNNEL_BASE: Partial<Record<Metric, Metric>> = { applyClicks: 'views', applications: 'applyClicks' };

/**
 * A funnel step in words, in the locale: "8% of views" for 2 apply clicks of 25 views; null when the
 * step before has none (no share to tell). Shares under 10% keep one decimal, so 0.4% is not "0%".
 */
export function funnelRate(metric: Metric, values: Record<Metric, number>, locale: string): string | null {
  const base = FUNNEL_BASE[metric];
  if (!base || values[base] <= 0) return null;
  const share = values[metric] / values[base];
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: share < 0.1 ? 1 : 0 }).format(share);
  return `${percent} of ${METRICS.find((m) => m.key === base)!.many}`;
}

/** The chart in words, for its aria-label: "Views on Widget, 12 May to 10 June: 45 in all, most on 3 June (9)." */
export function describeSeries(label: string, where: string, days: readonly string[], values: readonly number[], locale: string): string {
  const metric = METRICS.find((m) => m.label === label);
  const total = sumOf(values);
  const span = days.length ? `${dayLabel(days[0]!)} to ${dayLabel(days[days.length - 1]!)}` : 'no days';
  if (total === 0) return `${label} on ${where}, ${span}: none yet.`;
  let best = 0;
  values.forEach((v, i) => {
    if (v > values[best]!) best = i;
  });
  const unit = total === 1 ? (metric?.one ?? label) : (metric?.many ?? label);
  return `${label} on ${where}, ${span}: ${formatCount(total, locale)} ${unit} in all, most on ${dayLabel(days[best]!)} (${formatCount(values[best]!, locale)}).`;
}

const BAR = 4;
const GAP = 2;
const HEIGHT = 32;

/** A bar per day, the tallest at full height; a day with none shows a hairline so the span of days reads. */
export function Sparkline({ values, description }: { values: readonly number[]; description: string }) {
  const max = Math.max(0, ...values);
  const width = values.length * (BAR + GAP) - GAP;
  return (
    <svg className="sparkline" viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`} width={Math.max(width, 1)} height={HEIGHT} role="img" aria-label={description} focusable="false">
      {values.map((v, i) => {
        const h = max > 0 && v > 0 ? Math.max(2, Math.round((v / max) * HEIGHT)) : 1;
        return <rect key={i} className={v > 0 ? 'sparkline__bar' : 'sparkline__bar sparkline__bar--zero'} x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} />;
      })}
    </svg>
  );
}

export interface StatsChartProps {
  stats: JobStats;
  locale: string;
}

export function StatsChart({ stats, locale }: StatsChartProps) {
  // Once per page (a job's dashboard).
  const captionId = domId('stats-chart', 'caption');
  const { surfaces, total } = chartRows(stats);
  const rows = surfaces.length === 1 ? surfaces : [...surfaces, total];
  const first = stats.days[0];
  const last = stats.days[stats.days.length - 1];
  const span = first && last ? `${dayLabel(first)} to ${dayLabel(last)}` : '';
  const nothing = METRICS.every((m) => sumOf(total.values[m.key]) === 0);

  return (
    <figure className="stats-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="stats-chart__caption">
        Per day, {span}, by where talent saw the job
      </figcaption>
      {nothing ? <p className="muted">No views, apply clicks or applications yet. The figures appear here as talent finds the job.</p> : null}
      <div className="data-table-wrap">
        <table className="data-table stats-table">
          <thead>
            <tr>
              <th scope="col">Where</th>
              {METRICS.map((m) => (
                <th key={m.key} scope="col">
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const sums = { views: sumOf(row.values.views), applyClicks: sumOf(row.values.applyClicks), applications: sumOf(row.values.applications) };
              return (
                <tr key={row.surface} className={row.surface === 'all' ? 'stats-table__total' : undefined}>
                  <th scope="row" className="data-table__title">
                    {row.label}
                  </th>
                  {METRICS.map((m) => {
                    const rate = funnelRate(m.key, sums, locale);
                    return (
                      <td key={m.key} data-label={m.label}>
                        <span className="stats-table__cell">
                          <Sparkline values={row.values[m.key]} description={describeSeries(m.label, row.surface === 'all' ? 'all surfaces' : row.label, stats.days, row.values[m.key], locale)} />
                          <span className="stats-table__figure">{formatCount(sums[m.key], locale)}</span>
                          {rate ? <span className="stats-table__rate">{rate}</span> : null}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <details className="stats-chart__days">
        <summary>Figures per day</summary>
        <div className="stats-chart__days-wrap">
          <table className="stats-days">
            <caption className="visually-hidden">Figures per day, all surfaces</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {METRICS.map((m) => (
                  <th key={m.key} scope="col">
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">
                    <time dateTime={day}>{dayLabel(day)}</time>
                  </th>
                  {METRICS.map((m) => (
                    <td key={m.key}>{formatCount(total.values[m.key][i]!, locale)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
