/** The browser entry: the global styles and hydration of #root. */
import './styles/global.css';
import { createApi } from '@nordlys/sdk/api';
import { hydrate } from './client';

const container = document.getElementById('root');
if (container) {
  hydrate({ api: createApi({ baseUrl: '/api/' }), container }).catch((error: unknown) => {
    console.error('[site] hydration failed', error);
  });
}
