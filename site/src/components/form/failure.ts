/** The alert text of a failed call, apart from the field checks (errors.ts) so the layouts load it without valibot. */
import { isApiError } from '@nordlys/sdk/api';

/** The message of any failure, for an alert: the server's words when it gave some. */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 0) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error && error.message ? error.message : fallback;
}
