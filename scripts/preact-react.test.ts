// @vitest-environment happy-dom
/** What `react` is in the browser bundle under Preact (scripts/preact-react.mjs): preact/compat, and useOptimistic as react-router calls it. */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import * as shim from './preact-react.mjs';

const container = document.createElement('div');
afterEach(() => render(null, container));

describe('useOptimistic on Preact', () => {
  it('shows the passed value, an optimistic update of it, and the passed value again once it changes', () => {
    let add: (n: number) => void = () => {};
    function Count({ value }: { value: number }) {
      const [shown, addOptimistic] = shim.useOptimistic(value, (current: number, n: number) => current + n);
      add = addOptimistic;
      return h('p', null, String(shown));
    }
    act(() => render(h(Count, { value: 1 }), container));
    expect(container.textContent).toBe('1');
    act(() => add(2));
    act(() => add(3));
    expect(container.textContent).toBe('6');
    act(() => render(h(Count, { value: 10 }), container));
    expect(container.textContent).toBe('10');
  });

  it('takes an updater function without a reducer, as react-router passes one', () => {
    let set: (action: string | ((current: string) => string)) => void = () => {};
    function Name({ value }: { value: string }) {
      const [shown, setOptimistic] = shim.useOptimistic(value);
      set = setOptimistic;
      return h('p', null, shown);
    }
    act(() => render(h(Name, { value: 'a' }), container));
    act(() => set((current) => `${current}b`));
    expect(container.textContent).toBe('ab');
    act(() => set('z'));
    expect(container.textContent).toBe('z');
  });

  it('re-exports preact/compat, default export included', () => {
    expect(shim.useState).toBeTypeOf('function');
    expect(shim.flushSync).toBeTypeOf('function');
    expect(shim.default.createElement).toBe(shim.createElement);
  });
});
