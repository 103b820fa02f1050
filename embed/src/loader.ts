/** The loader snippet: queues Nordlys(...) calls until the runtime arrives, and injects the runtime script. */
declare const NORDLYS_RUNTIME_URL: string;

type Queued = ((...args: unknown[]) => void) & { q?: unknown[][] };

((w: { Nordlys?: Queued }, d: Document) => {
  const script = d.currentScript as HTMLScriptElement | null;
  // Served as loader.js, the runtime sits next to it; inlined, the build bakes the URL in.
  const src = script?.src ? new URL('jobs.js', script.src).href : NORDLYS_RUNTIME_URL;
  const queue: Queued = function (...args: unknown[]) {
    (queue.q = queue.q || []).push(args);
  };
  w.Nordlys = w.Nordlys || queue;
  // Already on the page: a script whose resolved src is exactly the runtime's (a relative or
  // protocol-relative tag counts; a jobs.js elsewhere, or with a query, does not).
  if (Array.from(d.scripts).some((s) => s.src === src)) return;
  const tag = d.createElement('script');
  tag.async = true;
  tag.src = src;
  d.head.appendChild(tag);
})(window as never, document);
