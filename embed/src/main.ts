/** The entry of the jobs.js bundle: starts the runtime for the script tag being executed. */
import { start } from './runtime';

start(document.currentScript as HTMLScriptElement | null);
