/** The embed's only console voice: every line carries the `[nordlys]` prefix (style.md 6). */
export const log = {
  error: (...args: unknown[]) => console.error('[nordlys]', ...args),
};
