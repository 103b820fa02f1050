/**
 * Test support for the candidate's side of issue #13 (talent profile, CV field, quick apply): the
 * real sdk client over a fake /api whose uploads the test can hold (progress, cancel), a session with
 * a stand-in auth modal, the viewer's flags, and a memory router around a page.
 */
import { createApi, type Api, type UploadSender } from '@nordlys/sdk/api';
import type { MyApplication, TalentProfile, User, ViewerFlags } from '@nordlys/sdk/schemas';
import { render } from '@testing-library/react';
import { useMemo, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { fakeFetch, jsonAnswer, type RecordedCall } from '../../../sdk/src/testing/fake-fetch';
import { frontendJob } from '../../../sdk/src/testing/fixtures';
import { authSettings, deferred, type Handlers } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import type { AuthModalProps } from '../modals/index';
import { SessionProvider, SessionRuntimeProvider, SessionStore } from '../session';
import { FlagsContext, type FlagsState } from '../session/flags';
import type { SessionModals } from '../session/modals';

export { jsonAnswer };

/** A stored CV of the talent profile fixture. */
export const storedCv = { path: 'cv/storedcv0001.pdf', fileName: 'sofie-kjaer-cv.pdf', sizeBytes: 240 * 1024, uploadedAt: '2026-05-01T10:00:00.000Z' };

/** GET /api/applicant of a candidate with a headline and a stored CV. */
export function talentProfile(more: Partial<TalentProfile> = {}): TalentProfile {
  return {
    name: { first: 'Sofie', last: 'Kjær' },
    imagePath: null,
    imageUrl: null,
    headline: 'Frontend engineer who loves design systems',
    cv: storedCv,
    categories: ['frontend'],
    preferredCountryCode: 'DK',
    linkedinUrl: 'https://linkedin.com/in/sofie',
    discoverable: false,
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...more,
  };
}

/** POST /api/jobs/{id}/apply's 201: the application as its candidate sees it. */
export function sentApplication(id = 41, more: Partial<MyApplication> = {}): MyApplication {
  return {
    id,
    job: { ...frontendJob, status: 'ACTIVE' },
    stage: 'applied',
    appliedAt: '2026-05-12T09:30:00.000Z',
    updatedAt: '2026-05-12T09:30:00.000Z',
    message: null,
    answers: [],
    cv: { fileName: storedCv.fileName, sizeBytes: storedCv.sizeBytes },
    ...more,
  } as MyApplication;
}

/** A small PDF file as a browser's file input gives it. */
export const pdfFile = (name = 'new-cv.pdf', size = 2048) => new File([new TextEncoder().encode('%PDF-1.4\n'), new Uint8Array(size)], name, { type: 'application/pdf' });

/**
 * The real sdk Api over a fake fetch, answering by 'METHOD path' (under /api/); anything else is a
 * 404. Uploads go through a sender that reports half the bytes, then answers 'POST upload/{type}'
 * at once, or when the test calls `release()` if `holdUploads`; an abort rejects it as the browser would.
 */
export function applyingApi(handlers: Handlers = {}, { holdUploads = false } = {}) {
  const keyOf = (call: { method: string; path: string }) => `${call.method} ${call.path.replace(/^\/api\//, '')}`;
  const answer = (call: RecordedCall) => {
    const handler = handlers[keyOf(call)];
    return handler ? handler(call) : jsonAnswer({ message: `No fixture for ${keyOf(call)}`, code: 'E_NOT_FOUND' }, 404);
  };
  const { fetch, calls } = fakeFetch(answer);
  const uploads: RecordedCall[] = [];
  let held = deferred<void>();
  const sender: UploadSender = async (request, onProgress) => {
    const url = new URL(request.url);
    const call: RecordedCall = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, signal: request.signal, form: await request.clone().formData() };
    uploads.push(call);
    const size = (await request.arrayBuffer()).byteLength;
    onProgress(size / 2, size);
    if (holdUploads) {
      await new Promise<void>((resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        held.promise.then(resolve, reject);
      });
    }
    return answer(call);
  };
  const api: Api = createApi({ baseUrl: 'http://test/api/', fetch, uploadSender: sender, timeout: 5_000 });
  return {
    api,
    calls,
    uploads,
    /** The JSON bodies sent to one 'METHOD path'. */
    sent: (key: string) => calls.filter((call) => keyOf(call) === key).map((call) => call.json),
    /** Lets the held upload answer. */
    release: () => {
      held.resolve();
      held = deferred<void>();
    },
  };
}

/** The viewer's flags in memory: what a FlagsProvider gives the page (only `applied` matters here). */
export function TestFlags({ applied = {}, children }: { applied?: Record<number, number>; children: ReactNode }) {
  const [marks, setMarks] = useState<Record<number, number>>(applied);
  const value = useMemo<FlagsState>(() => {
    const flags: ViewerFlags = { savedJobIds: [], interestedJobIds: [], followedCompanyKeys: [], applied: Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v])) };
    const refuse = () => Promise.reject(new Error('not in these tests'));
    return {
      flags,
      isSaved: () => false,
      isInterested: () => false,
      isFollowing: () => false,
      applicationOf: (jobId) => marks[jobId] ?? null,
      setSaved: refuse,
      setInterested: refuse,
      setFollowing: refuse,
      setApplied: (jobId, applicationId) =>
        setMarks((current) => {
          const next = { ...current };
          if (applicationId === null) delete next[jobId];
          else next[jobId] = applicationId;
          return next;
        }),
    };
  }, [marks]);
  return <FlagsContext.Provider value={value}>{children}</FlagsContext.Provider>;
}

/** What the stand-in auth modal was asked, and how to finish it as the real one would after a sign-in. */
export interface AuthProbe {
  opened: Pick<AuthModalProps, 'step' | 'title'>[];
}

/** Shows the current URL, so tests can read where the page went. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

export interface PageOptions {
  user: User | null;
  path?: string;
  api: Api;
  /** Who the stand-in auth modal signs in when its "Log in" is pressed. */
  signsIn?: User;
  applied?: Record<number, number>;
  /** The route pattern the page answers ('/jobs/:id' by default); every other path shows "Another page". */
  route?: string;
}

/**
 * Renders `page` at `path` (its route, '/jobs/:id' by default, and a catch-all) inside the session (a stand-in auth
 * modal: "Log in" succeeds as `signsIn`), the api and the flags, as the site's root does.
 */
export function renderPage(page: ReactNode, { user, path = `/jobs/${frontendJob.id}`, api, signsIn, applied, route = '/jobs/:id' }: PageOptions) {
  const store = new SessionStore({ user, cookie: null });
  const auth: AuthProbe = { opened: [] };
  function StandInAuthModal({ step, title, onSuccess, onCancel }: AuthModalProps) {
    useState(() => auth.opened.push({ step, title }));
    return (
      <div role="dialog" aria-modal="true" aria-label="Log in">
        <button type="button" onClick={() => signsIn && onSuccess(signsIn, { exists: false })}>
          Log in
        </button>
        <button type="button" onClick={() => onCancel()}>
          Cancel
        </button>
      </div>
    );
  }
  const none = () => null;
  const modals = { AuthModal: StandInAuthModal, ChooseRoleModal: none, SwitchProfileModal: none, ConnectProfileModal: none } as unknown as SessionModals;
  const frame = (children: ReactNode) => (
    <SessionProvider seed={{ user, cookie: null }} authSettings={authSettings()} productName="Nordlys">
      <TestFlags applied={applied}>
        {children}
        <Where />
      </TestFlags>
    </SessionProvider>
  );
  const router = createMemoryRouter(
    [
      { path: route, element: frame(page) },
      { path: '*', element: frame(<p>Another page</p>) },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <ApiProvider api={api}>
      <SessionRuntimeProvider value={{ store, api, loadModals: async () => modals }}>
        <RouterProvider router={router} />
      </SessionRuntimeProvider>
    </ApiProvider>,
  );
  return { ...view, router, store, auth, where: () => view.getByTestId('where').textContent };
}
