/** spec 8: calls whose errors are returned to the caller, not thrown (digest subscribe and update). */
import { toApiError, type ApiError } from './errors';

/** The answer of a call that returns its error: check `ok` before reading `data`. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** Waits for a call and turns its rejection into `{ ok: false, error }`. */
export async function settle<T>(call: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}
