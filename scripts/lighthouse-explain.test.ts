import { describe, expect, it } from 'vitest';
import { formatExplanation, longTasks, paintGraph, type Estimate, type GraphNode } from './lighthouse-explain';

const request = (url: string, resourceType: string, priority: string, transferSize: number): GraphNode => ({ type: 'network', request: { url, resourceType, priority, transferSize } });
const task = (...events: [string, number][]): GraphNode => ({ type: 'cpu', childEvents: events.map(([name, ms]) => ({ name, dur: ms * 1000 })) });
const estimate = (timeInMs: number, entries: [GraphNode, number, number][]): Estimate => ({
  timeInMs,
  nodeTimings: new Map(entries.map(([node, startTime, endTime]) => [node, { startTime, endTime, duration: endTime - startTime }])),
});

describe('paintGraph', () => {
  it('sums the requests a paint waited for by kind and names the last to end', () => {
    const graph = paintGraph(
      estimate(2400, [
        [request('http://localhost/jobs', 'Document', 'VeryHigh', 12_000), 0, 620],
        [request('http://localhost/assets/main.css', 'Stylesheet', 'VeryHigh', 16_000), 620, 950],
        [request('http://localhost/assets/main.js', 'Script', 'High', 64_000), 780, 2400],
        [request('http://localhost/assets/chunks/a.js', 'Script', 'High', 1_000), 780, 1100],
        [task(['ParseHTML', 10]), 620, 700],
      ]),
    );
    expect(graph.ms).toBe(2400);
    expect(graph.requests).toEqual({
      'Document (VeryHigh)': { count: 1, bytes: 12_000 },
      'Stylesheet (VeryHigh)': { count: 1, bytes: 16_000 },
      'Script (High)': { count: 2, bytes: 65_000 },
    });
    expect(graph.last).toEqual({ url: 'http://localhost/assets/main.js', endMs: 2400 });
  });
});

describe('longTasks', () => {
  it("counts a task's part after FCP and before TTI, less 50 ms, as Lantern does", () => {
    const tasks = longTasks(
      estimate(0, [
        [task(['UpdateLayoutTree', 60], ['Layout', 30]), 900, 1200], // before FCP
        [task(['v8.evaluateModule', 40]), 1900, 2100], // straddles FCP: 100 ms after it
        [task(['RunMicrotasks', 110]), 2200, 2640], // inside
        [task(['FunctionCall', 5]), 2700, 2730], // under 50 ms: not a long task
        [task(['FunctionCall', 20]), 5000, 5100], // after TTI
        [request('http://localhost/x.js', 'Script', 'High', 1), 0, 5000],
      ]),
      2000,
      4000,
    );
    expect(tasks.map((t) => [t.startMs, t.window, t.blockingMs])).toEqual([
      [900, 'before FCP', 0],
      [1900, 'counted', 50],
      [2200, 'counted', 390],
      [5000, 'after TTI', 0],
    ]);
    expect(tasks[0]!.activity).toBe('style 60, layout 30');
    expect(tasks[2]!.activity).toBe('microtasks 110');
  });
});

describe('formatExplanation', () => {
  it('prints the CPU index, both paints and the long tasks with the blocking total', () => {
    const lines = formatExplanation({
      benchmarkIndex: 1500,
      fcp: { ms: 1000, requests: { 'Document (VeryHigh)': { count: 1, bytes: 2048 } }, last: { url: 'http://localhost/jobs', endMs: 1000 } },
      lcp: { ms: 1200, requests: {}, last: null },
      tasks: [{ startMs: 1100, endMs: 1300, blockingMs: 150, window: 'counted', activity: 'microtasks 50' }],
    });
    expect(lines).toEqual([
      '  benchmarkIndex 1500',
      '  FCP 1000 ms waits for 1 Document (VeryHigh) 2.0 KB; ends with /jobs at 1000 ms',
      '  LCP 1200 ms waits for no request',
      '  long tasks (pessimistic simulation, 150 ms blocking after FCP):',
      '    1100–1300 ms (200 ms, 150 blocking): microtasks 50',
    ]);
  });
});
