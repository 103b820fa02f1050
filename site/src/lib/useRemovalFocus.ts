/**
 * Keeps the keyboard in place when a list item disappears under it (issue #13: unsave, uninterest,
 * unfollow and withdraw take the item out of its list at once). When an item of `keys` goes and focus
 * went with it (the browser puts it back on <body>), focus moves to `fallback`, the list's panel, so
 * the user is not thrown back to the top of the page. `onRemoved` hears which keys went (to say so).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useRemovalFocus<K extends string | number>(
  keys: readonly K[],
  fallback: RefObject<HTMLElement | null>,
  onRemoved?: (removed: K[]) => void,
): void {
  const previous = useRef(keys);
  const heard = useRef(onRemoved);
  heard.current = onRemoved;
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = keys;
    const now = new Set(keys);
    const removed = before.filter((key) => !now.has(key));
    if (!removed.length) return;
    const active = document.activeElement;
    if (active === null || active === document.body) fallback.current?.focus({ preventScroll: true });
    heard.current?.(removed);
  });
}
