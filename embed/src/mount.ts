/** Mounts the widget into an element's shadow root and takes it down again; one instance per element. */
import { h, render } from 'preact';
import { emitter, type Emit } from './events';
import { JobList } from './JobList';
import { loadJobs } from './load-jobs';
import { log } from './log';
import { objectReader, readOptions, type Options, type OptionsInput } from './options';
import { adopt, createSheet } from './sheet';
import { STRINGS } from './strings';
import { makeStyles } from './styles';

export interface MountContext {
  /** The origin the runtime script came from: the default for the API and the links. */
  origin?: string;
  /** Injected in tests; the page's fetch otherwise. */
  fetch?: typeof fetch;
  /** Removed with the widget (the host element the script tag created). */
  ownsHost?: boolean;
}

export interface Handle {
  host: Element;
  options: Options;
  destroy(): void;
}

const instances = new WeakMap<Element, Handle>();

/** The widget on `host`, if one is mounted. */
export const instanceOf = (host: Element) => instances.get(host);

/**
 * Renders the widget into `host`'s (open) shadow root. Never throws: bad options are logged by
 * name and give `undefined`. Mounting again on the same element replaces the earlier widget.
 * @example Nordlys.mount(document.querySelector('#jobs'), { company: 'northwind-labs', layout: 'cards' })
 */
export function mount(host: Element, input: OptionsInput | Options | null | undefined, context: MountContext = {}): Handle | undefined {
  try {
    if (!host || typeof host.attachShadow !== 'function') {
      log.error('mount needs an element; got', host);
      return undefined;
    }
    const options = readOptions(objectReader(input as OptionsInput));
    if (!options) return undefined;
    destroy(host);

    const origin = options.api ?? context.origin ?? location.origin;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const { sheet, css } = createSheet();
    const unadopt = adopt(root, sheet);
    const styles = makeStyles(css, options);
    const container = document.createElement('div');
    // The root class resets inherited host styles (all: initial) and carries the design tokens.
    container.className = styles.root;
    // An indexable snippet (renderIndexableSnippet: data-nordlys-jobs): the host's own links show
    // through a <slot> until the list arrives, and stay if it never does; in the light DOM either way.
    const slot = host.hasAttribute('data-nordlys-jobs') ? (root.querySelector('slot') ?? document.createElement('slot')) : null;
    root.appendChild(slot ?? container);

    const controller = new AbortController();
    const send = context.fetch ?? ((url: RequestInfo | URL, init?: RequestInit) => fetch(url, init));
    const signalled: typeof fetch = (url, init) => send(url, { ...init, signal: controller.signal });
    // After destroy() nothing may render, log or fire: JobList drops a load's answer once unmounted.
    let gone = false;
    const emit: Emit = (name, detail) => {
      if (gone) return false;
      if (name === 'nordlys:loaded') slot?.replaceWith(container);
      return emitter(host)(name, detail);
    };

    render(
      h(JobList, {
        options,
        origin,
        load: () => loadJobs(options, origin, signalled),
        emit,
        t: STRINGS[options.language] ?? STRINGS.en!,
        s: styles,
      }),
      container,
    );

    const handle: Handle = {
      host,
      options,
      destroy() {
        if (instances.get(host) !== handle) return;
        instances.delete(host);
        gone = true;
        controller.abort();
        render(null, container);
        // A snippet's links show again (replaceWith does nothing while the list was never shown).
        if (slot) container.replaceWith(slot);
        else container.remove();
        unadopt();
        if (context.ownsHost) host.remove();
      },
    };
    instances.set(host, handle);
    return handle;
  } catch (error) {
    log.error('could not mount the widget:', error);
    return undefined;
  }
}

/** Removes the widget from `host`, if any; safe to call twice. */
export function destroy(host: Element): void {
  try {
    instances.get(host)?.destroy();
  } catch (error) {
    log.error('could not destroy the widget:', error);
  }
}
