/**
 * The sign-up captcha (spec 5): the altcha widget (self-hosted proof of work) or Google reCAPTCHA,
 * as the site's AuthSettings say. Either is loaded in the browser only, from an effect, never
 * while rendering on the server. The answer goes to the sign-up field `reCaptchaResponse`.
 */
import type { CaptchaSettings } from '@nordlys/sdk/schemas';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref, type RefObject } from 'react';

/** What a form does with its captcha: reset it after each attempt (spec 5) and focus it when it is missing. */
export interface CaptchaHandle {
  reset(): void;
  focus(): void;
}

export interface CaptchaProps {
  id: string;
  settings: CaptchaSettings;
  /** The widget's answer, or '' when there is none (not solved yet, expired, reset). */
  onChange(token: string): void;
  /** 'Please verify you are not a robot' once the form was submitted without an answer. */
  error?: string | undefined;
  ref?: Ref<CaptchaHandle>;
}

type Reset = RefObject<() => void>;
type OnToken = RefObject<(token: string) => void>;

const LOAD_FAILED = 'The verification could not load. Check your connection and reload the page.';

/**
 * The altcha web component. `import('altcha')` defines <altcha-widget>, which then fetches a
 * challenge from `challenge` (altcha v3's attribute; v1 and v2 called it `challengeurl`), solves it
 * when ticked and reports the payload in its `verified` and `statechange` events.
 */
function AltchaWidget({ challengeUrl, onToken, reset }: { challengeUrl: string; onToken: OnToken; reset: Reset }) {
  const widget = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = widget.current!;
    let active = true;
    const read = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string } | undefined>).detail;
      if (event.type === 'verified' || detail?.state === 'verified') {
        if (detail?.payload) onToken.current(detail.payload);
      } else {
        onToken.current('');
      }
    };
    el.addEventListener('verified', read);
    el.addEventListener('statechange', read);
    reset.current = () => (el as HTMLElement & { reset?: () => void }).reset?.();
    import('altcha').catch((error: unknown) => {
      console.error('[site] the altcha widget did not load', error);
      if (active) setFailed(true);
    });
    return () => {
      active = false;
      el.removeEventListener('verified', read);
      el.removeEventListener('statechange', read);
    };
  }, [onToken, reset]);
  return (
    <>
      <altcha-widget ref={widget} challenge={challengeUrl} />
      {failed ? <p className="form-field__error">{LOAD_FAILED}</p> : null}
    </>
  );
}

interface Grecaptcha {
  render(
    container: HTMLElement,
    params: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void },
  ): number;
  reset(widgetId?: number): void;
}

type RecaptchaWindow = Window & { grecaptcha?: Grecaptcha; __nordlysRecaptchaReady?: () => void };

let recaptchaLoad: Promise<Grecaptcha> | null = null;

/** Adds Google's script once (explicit rendering) and resolves when `grecaptcha` is ready. */
function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaLoad ??= new Promise<Grecaptcha>((resolve, reject) => {
    const win = window as RecaptchaWindow;
    if (win.grecaptcha?.render) return resolve(win.grecaptcha);
    win.__nordlysRecaptchaReady = () => resolve(win.grecaptcha!);
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=__nordlysRecaptchaReady&render=explicit';
    script.async = true;
    script.onerror = () => {
      recaptchaLoad = null;
      script.remove();
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return recaptchaLoad;
}

/** Google reCAPTCHA v2 (checkbox), rendered explicitly into its own element. */
function RecaptchaWidget({ siteKey, onToken, reset }: { siteKey: string; onToken: OnToken; reset: Reset }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (!active || !container.current) return;
        const widgetId = grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token) => onToken.current(token),
          'expired-callback': () => onToken.current(''),
          'error-callback': () => onToken.current(''),
        });
        reset.current = () => grecaptcha.reset(widgetId);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [siteKey, onToken, reset]);
  return (
    <>
      <div ref={container} className="captcha__recaptcha" />
      {failed ? <p className="form-field__error">{LOAD_FAILED}</p> : null}
    </>
  );
}

/**
 * The captcha of the sign-up form with its message under it. The parent keeps the token; `ref`
 * gives `reset()` (after each attempt) and `focus()` (when it is the first invalid field).
 */
export function Captcha({ id, settings, onChange, error, ref }: CaptchaProps) {
  const errorId = `${id}-error`;
  const group = useRef<HTMLDivElement>(null);
  const reset = useRef<() => void>(() => {});
  const onToken = useRef(onChange);
  onToken.current = onChange;
  useImperativeHandle(
    ref,
    () => ({
      reset() {
        reset.current();
        onToken.current('');
      },
      focus() {
        // The widget's own checkbox when it is reachable, else the group that holds it.
        const control = group.current?.querySelector<HTMLElement>('input[type="checkbox"], iframe');
        (control ?? group.current)?.focus();
      },
    }),
    [],
  );
  return (
    <div className="form-field captcha">
      <div
        id={id}
        ref={group}
        className="captcha__widget"
        role="group"
        aria-label="Verify you are not a robot"
        aria-describedby={error ? errorId : undefined}
        tabIndex={-1}
      >
        {settings.kind === 'altcha' ? (
          <AltchaWidget challengeUrl={settings.challengeUrl} onToken={onToken} reset={reset} />
        ) : (
          <RecaptchaWidget siteKey={settings.siteKey} onToken={onToken} reset={reset} />
        )}
      </div>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
