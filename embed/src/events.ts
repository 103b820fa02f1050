/** The widget's events: CustomEvents on the host element, bubbling out of the shadow root. */
import type { JobBrief } from '@nordlys/sdk/schemas';

export interface NordlysEvents {
  /** The list arrived (possibly empty). */
  'nordlys:loaded': { count: number; jobs: { id: number; title: string }[]; company?: string; feed?: string };
  /** A job link was clicked; preventDefault() on the event keeps the page from navigating. */
  'nordlys:job-click': { id: number; title: string; url: string; company: string };
  /** Loading failed; the widget shows its error state. */
  'nordlys:error': { message: string; status: number; code?: string };
}
export type EventName = keyof NordlysEvents;
export type Emit = <K extends EventName>(name: K, detail: NordlysEvents[K]) => boolean;

/** Dispatches on `host`; returns false when a listener called preventDefault(). */
export function emitter(host: Element): Emit {
  return (name, detail) => host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}

export const summary = (jobs: JobBrief[]) => jobs.map(({ id, title }) => ({ id, title }));
