/**
 * Why a Lighthouse run's FCP, LCP and TBT are what they are (issue #16), from Lantern's own graphs: with
 * simulated throttling, FCP and LCP are the end of a simulated slow-4G load of every request Lantern holds
 * necessary for the paint, and TBT sums the simulated long tasks between FCP and TTI. Lantern holds
 * necessary every VeryHigh request and every High-priority script (a modulepreload included) that finished
 * before the paint Chrome observed unthrottled (for LCP: every request but low-priority images), so on a
 * fast local server the page's scripts land in the paint's graph. scripts/bench-lighthouse.ts prints this
 * with `--explain`.
 */
import type { Artifacts, Result } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

/** The parts of Lantern's graph nodes read here. */
interface NetworkNode {
  type: 'network';
  request: { url: string; resourceType?: string; priority: string; transferSize: number };
}
interface CpuNode {
  type: 'cpu';
  childEvents: { name: string; dur?: number }[];
}
export type GraphNode = NetworkNode | CpuNode;
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
export interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

/** What a simulated paint waited for: its requests by kind, their bytes, and the one that ended last. */
export interface PaintGraph {
  ms: number;
  requests: Record<string, { count: number; bytes: number }>;
  last: { url: string; endMs: number } | null;
}

/** One simulated main-thread task of 50 ms or more: when, how long, what it mostly did, and what it adds to TBT. */
export interface LongTask {
  startMs: number;
  endMs: number;
  blockingMs: number;
  /** Where it lies for TBT: before FCP or after TTI it counts for nothing. */
  window: 'before FCP' | 'after TTI' | 'counted';
  activity: string;
}

export interface Explanation {
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster; the 4x slowdown assumes ~1000+ at rest). */
  benchmarkIndex: number | null;
  fcp: PaintGraph;
  lcp: PaintGraph;
  /** The pessimistic simulation's long tasks, from which TBT counts what lies after FCP. */
  tasks: LongTask[];
}

const path = (url: string) => {
  try {
    const { pathname } = new URL(url);
    return pathname.length > 48 ? `…${pathname.slice(-47)}` : pathname;
  } catch {
    return url.slice(0, 48);
  }
};

/** A paint's simulated graph, summed: requests by kind and priority, and the request that ended last. */
export function paintGraph(estimate: Estimate): PaintGraph {
  const requests: PaintGraph['requests'] = {};
  let last: PaintGraph['last'] = null;
  for (const [node, timing] of estimate.nodeTimings) {
    if (node.type !== 'network') continue;
    const kind = `${node.request.resourceType ?? 'Other'} (${node.request.priority})`;
    const entry = (requests[kind] ??= { count: 0, bytes: 0 });
    entry.count += 1;
    entry.bytes += node.request.transferSize;
    if (!last || timing.endTime > last.endMs) last = { url: node.request.url, endMs: timing.endTime };
  }
  return { ms: estimate.timeInMs, requests, last };
}

/** The task's main activity: its child trace events of 1 ms or more, summed by kind. */
function activity(node: CpuNode): string {
  const kinds: Record<string, string> = {
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    Paint: 'paint',
    ParseHTML: 'HTML parse',
    'v8.evaluateModule': 'module evaluation',
    EvaluateScript: 'script evaluation',
    'v8.compileModule': 'module compile',
    RunMicrotasks: 'microtasks',
    FunctionCall: 'function call',
    TimerFire: 'timer',
    EventDispatch: 'event',
    'DocumentLoader::CommitNavigation': 'navigation commit',
  };
  const sums = new Map<string, number>();
  for (const event of node.childEvents) {
    const kind = kinds[event.name];
    if (kind && (event.dur ?? 0) >= 1000) sums.set(kind, (sums.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const top = [...sums].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.length ? top.map(([k, ms]) => `${k} ${Math.round(ms)}`).join(', ') : 'other';
}

/** The simulation's tasks of 50 ms or more, each with what it adds to TBT between `fcpMs` and `ttiMs`. */
export function longTasks(estimate: Estimate, fcpMs: number, ttiMs: number): LongTask[] {
  const tasks: LongTask[] = [];
  for (const [node, t] of estimate.nodeTimings) {
    if (node.type !== 'cpu' || t.duration < 50) continue;
    // Lantern's rule (TBTUtils): the part after FCP and before TTI, less 50 ms.
    const clipped = Math.min(t.endTime, ttiMs) - Math.max(t.startTime, fcpMs);
    const window = t.endTime <= fcpMs ? 'before FCP' : t.startTime >= ttiMs ? 'after TTI' : 'counted';
    tasks.push({ startMs: t.startTime, endMs: t.endTime, blockingMs: clipped > 50 ? clipped - 50 : 0, window, activity: activity(node) });
  }
  return tasks.sort((a, b) => a.startMs - b.startMs);
}

/** Lantern's FCP, LCP and TBT graphs of one run (the artifacts Lighthouse returned with `lhr`). */
export async function explainRun(artifacts: Artifacts, lhr: Result): Promise<Explanation> {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  // A fresh cache: computed artifacts are memoized by input, and these inputs are this run's alone.
  const context = { computedCache: new Map(), settings: lhr.configSettings } as unknown as Parameters<typeof LanternFirstContentfulPaint.request>[1];
  const request = data as unknown as Parameters<typeof LanternFirstContentfulPaint.request>[0];
  const fcp = (await LanternFirstContentfulPaint.request(request, context)) as unknown as LanternResult;
  const lcp = (await LanternLargestContentfulPaint.request(request, context)) as unknown as LanternResult;
  const tbt = (await LanternTotalBlockingTime.request(request, context)) as unknown as LanternResult;
  const tti = lhr.audits.interactive?.numericValue ?? Infinity;
  // Lighthouse's TBT is the mean of two simulations; the pessimistic one counts from the optimistic FCP.
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    fcp: paintGraph(fcp.pessimisticEstimate),
    lcp: paintGraph(lcp.pessimisticEstimate),
    tasks: longTasks(tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function graphLine(label: string, graph: PaintGraph): string {
  const parts = Object.entries(graph.requests)
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([kind, r]) => `${r.count} ${kind} ${kb(r.bytes)}`);
  const last = graph.last ? `; ends with ${path(graph.last.url)} at ${Math.round(graph.last.endMs)} ms` : '';
  return `  ${label} ${Math.round(graph.ms)} ms waits for ${parts.join(', ') || 'no request'}${last}`;
}

/** The explanation as a few indented lines for the console. */
export function formatExplanation(e: Explanation): string[] {
  const blocking = e.tasks.reduce((sum, t) => sum + t.blockingMs, 0);
  return [
    `  benchmarkIndex ${e.benchmarkIndex ?? '–'}`,
    graphLine('FCP', e.fcp),
    graphLine('LCP', e.lcp),
    `  long tasks (pessimistic simulation, ${Math.round(blocking)} ms blocking after FCP):`,
    ...e.tasks.map((t) => `    ${Math.round(t.startMs)}–${Math.round(t.endMs)} ms (${Math.round(t.endMs - t.startMs)} ms, ${t.window === 'counted' ? `${Math.round(t.blockingMs)} blocking` : t.window}): ${t.activity}`),
  ];
}
