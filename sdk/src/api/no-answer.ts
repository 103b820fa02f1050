/** Calls whose answer spec 7 does not show: wait for success, drop the body, resolve to nothing. */
export async function noAnswer(call: PromiseLike<Response>): Promise<void> {
  const response = await call;
  // Release the connection; the body (often empty or 204) carries nothing the caller needs.
  await response.body?.cancel();
}
