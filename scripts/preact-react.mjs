// What `react` and `react-dom` resolve to in the browser bundle under Preact (scripts/client-bundle.mjs):
// preact/compat, plus the React 19 hooks it lacks that our dependencies import (react-router's RouterProvider).
import { useCallback, useRef, useState } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's useOptimistic without transitions: the value is `passthrough` until an optimistic update,
 * then the update applied to it (`reducer`, or the action itself / an updater function) until
 * `passthrough` changes. react-router calls the setter only with `useTransitions`, which we do not set.
 */
export function useOptimistic(passthrough, reducer) {
  const [entry, setEntry] = useState(undefined);
  const base = useRef(passthrough);
  base.current = passthrough;
  const add = useCallback(
    (action) =>
      setEntry((previous) => {
        const from = previous !== undefined && previous.base === base.current ? previous.value : base.current;
        return { base: base.current, value: reducer ? reducer(from, action) : typeof action === 'function' ? action(from) : action };
      }),
    [reducer],
  );
  return [entry !== undefined && entry.base === passthrough ? entry.value : passthrough, add];
}
