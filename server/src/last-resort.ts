/**
 * The process's last line of defence (issue 9), shared by the server (main.ts) and the worker
 * (worker.ts): a bug that slips a promise or a callback past the error handlers is logged, and the
 * process keeps serving everyone else. Each such log is a bug to fix.
 *
 * A closed stdout or stderr (the process that read them exited: a supervisor, a test runner, a
 * terminal) loses the logs and nothing else. Without a listener, a write to the closed pipe can end
 * as an uncaught EPIPE, whose own log line fails the same way: an e2e server whose test runner had
 * died was seen spinning one core at 100 % in the handler below for half an hour (its stack:
 * uncaughtException → console.error → EPIPE). A test could not make a child process do it again.
 */
export function installLastResort(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  process.on('unhandledRejection', (reason) => console.error('[nordlys] unhandled promise rejection (still serving):', reason));
  process.on('uncaughtException', (error, origin) => console.error(`[nordlys] uncaught exception, ${origin} (still serving):`, error));
}
