/** The <nordlys-jobs> custom element: a thin wrapper that mounts on connect and destroys on disconnect. */
import { destroy, mount, type MountContext } from './mount';
import { OPTION_NAMES, attributesInput } from './options';

export const TAG = 'nordlys-jobs';

/** Defines <nordlys-jobs> once; `context` gives the runtime's origin. */
export function defineElement(context: MountContext): void {
  if (typeof customElements === 'undefined' || customElements.get(TAG)) return;
  class NordlysJobs extends HTMLElement {
    static observedAttributes = OPTION_NAMES.flatMap((n) => [n, `data-${n}`]);
    connectedCallback() {
      mount(this, attributesInput(this), context);
    }
    disconnectedCallback() {
      destroy(this);
    }
    attributeChangedCallback(_name: string, before: string | null, after: string | null) {
      // Attributes set before connection are read by connectedCallback.
      if (this.isConnected && before !== after) mount(this, attributesInput(this), context);
    }
  }
  customElements.define(TAG, NordlysJobs);
}
