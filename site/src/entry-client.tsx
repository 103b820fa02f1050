/** The browser entry: the global styles, the api with the 403 rule of spec 8 wired to the session, and hydration of #root. */
import './styles/global.css';
import { createApi, type Api } from '@nordlys/sdk/api';
import { createHydratedSessionStore, hydrate } from './client';
import { installHydrationData } from './hydration-data';
import { xhrUploadSender } from './lib/upload';
import { forbiddenOptions } from './session/forbidden';

const container = document.getElementById('root');
if (container) {
  // Before anything reads it: the session store below and the router in hydrate().
  installHydrationData();
  const session = createHydratedSessionStore();
  // A 403 while logged in logs out and shows the 403 page, then the front page (SessionProvider).
  const api: Api = createApi({ baseUrl: '/api/', uploadSender: xhrUploadSender, ...forbiddenOptions(session, () => api) });
  hydrate({ api, container, session }).catch((error: unknown) => {
    console.error('[site] hydration failed', error);
  });
}
