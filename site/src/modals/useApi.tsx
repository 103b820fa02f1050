/** The sdk Api for components that call it on a user's action (forms); loaders keep using apiFrom(context). */
import { createApi, type Api } from '@nordlys/sdk/api';
import { createContext, useContext, type ReactNode } from 'react';
import { browserUploadSender } from '../lib/upload';

const ApiContext = createContext<Api | null>(null);

/** Gives `api` to the forms below; tests pass a fake, the browser entry may pass its own client. */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

let browserApi: Api | null = null;

/**
 * The Api of the nearest ApiProvider, else one browser client on '/api/' (as entry-client creates):
 * forms call it only from event handlers, so it never runs while rendering on the server.
 */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (api) return api;
  browserApi ??= createApi({ baseUrl: '/api/', uploadSender: browserUploadSender() });
  return browserApi;
}
