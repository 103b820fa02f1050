/** Turns a typed query into URL search parameters: lists comma-joined, absent values dropped. */
export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export function toSearchParams(query: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}
