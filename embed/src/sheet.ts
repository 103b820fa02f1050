/** A constructable stylesheet fed by goober, so no <style> element or style attribute is ever injected (strict CSP). */
import { css as gooberCss } from 'goober';

export interface BoundSheet {
  sheet: CSSStyleSheet;
  /** goober's `css`, writing into this sheet only. */
  css: typeof gooberCss;
}

/**
 * goober's getSheet(target) calls `target.querySelector('#_goober')` and writes the rules to the
 * returned node's `firstChild.data`; this target answers with a text holder whose setter calls
 * `replaceSync` on the constructable sheet. (goober's own <style> path is never reached.)
 */
export function createSheet(): BoundSheet {
  const sheet = new CSSStyleSheet();
  let text = '';
  const holder = {
    get data() {
      return text;
    },
    set data(next: string) {
      text = next;
      sheet.replaceSync(next);
    },
  };
  const node = { parentNode: true, firstChild: holder };
  const target = { querySelector: () => node } as unknown as Element;
  return { sheet, css: gooberCss.bind({ target }) as typeof gooberCss };
}

/** Adds the sheet to a shadow root; the returned function takes it off again. */
export function adopt(root: ShadowRoot, sheet: CSSStyleSheet): () => void {
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
