/** The widget runtime (jobs.js): sets up window.Nordlys, replays the loader's queue, mounts beside its script tag. */
import { defineElement } from './element';
import { log } from './log';
import { destroy, mount, type MountContext } from './mount';
import { attributesInput } from './options';

type Command = 'mount' | 'destroy';
export interface NordlysGlobal {
  (command: Command, ...args: unknown[]): unknown;
  q?: ArrayLike<unknown>[];
  mount: (el: Element, options?: unknown) => ReturnType<typeof mount>;
  destroy: (el: Element) => void;
  version: string;
  /** Internal: the first runtime's mount, which later copies of jobs.js use so that one registry knows every widget. */
  _mount?: typeof mount;
}

declare global {
  interface Window {
    Nordlys?: NordlysGlobal;
  }
}

/** The element a `data-target` selector names, or a new host right after the script tag. */
function hostFor(script: HTMLScriptElement): { host: Element; ownsHost: boolean } | undefined {
  const selector = script.getAttribute('data-target');
  if (selector) {
    let target: Element | null = null;
    try {
      target = document.querySelector(selector);
    } catch {
      // An invalid selector is reported below, by name.
    }
    if (!target) log.error(`option "target" matches no element: "${selector}"`);
    return target ? { host: target, ownsHost: false } : undefined;
  }
  const host = document.createElement('div');
  host.setAttribute('data-nordlys', 'jobs');
  script.after(host);
  return { host, ownsHost: true };
}

/** Starts the runtime for one executing script tag (each tag with data-company runs this once). */
export function start(script: HTMLScriptElement | null, context: MountContext = {}): void {
  try {
    let origin = context.origin;
    if (!origin && script?.src) origin = new URL(script.src, location.href).origin;
    const ctx: MountContext = { ...context, origin };

    const api = ((command: Command, ...args: unknown[]) => {
      if (command === 'mount') return mount(args[0] as Element, args[1] as never, ctx);
      if (command === 'destroy') return destroy(args[0] as Element);
      log.error(`unknown command "${String(command)}"`);
      return undefined;
    }) as NordlysGlobal;
    api.mount = (el, options) => mount(el, options as never, ctx);
    api.destroy = destroy;
    api.version = '1';
    api._mount = mount;

    const queued = window.Nordlys?.q;
    if (!window.Nordlys?.version) window.Nordlys = api;
    // Each script tag runs its own copy of this bundle; mount through the one that owns window.Nordlys,
    // or Nordlys.destroy() would not know this tag's widget.
    const mountHere = window.Nordlys._mount ?? mount;
    // Calls made through the loader before this script arrived, in order.
    for (const args of Array.from(queued ?? [])) api(...(Array.from(args) as [Command, ...unknown[]]));

    defineElement(ctx);

    // Indexable snippets (<div data-nordlys-jobs data-company=…>): enhanced in place, now and once
    // the page is parsed; an element with a shadow root is mounted already (by this or another copy).
    const enhance = () => document.querySelectorAll('[data-nordlys-jobs]').forEach((el) => el.shadowRoot || mountHere(el, attributesInput(el), ctx));
    enhance();
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhance, { once: true });

    if (script && (script.hasAttribute('data-company') || script.hasAttribute('data-feed'))) {
      const place = hostFor(script);
      // Bad options mount nothing; then the host we added goes too.
      if (place && !mountHere(place.host, attributesInput(script), { ...ctx, ownsHost: place.ownsHost }) && place.ownsHost) place.host.remove();
    }
  } catch (error) {
    log.error('the runtime failed to start:', error);
  }
}
