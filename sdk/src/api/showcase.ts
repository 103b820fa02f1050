/** Issue #15: the live examples the product pages show (GET /showcase). */
import type { Showcase } from '../schemas/showcase';
import type { Transport } from './transport';

export function showcaseApi(http: Transport) {
  return {
    /** GET /showcase: a startup with a career domain and a white-label feed to show live, each or null. */
    get: () => http.get('showcase').json<Showcase>(),
  };
}
export type ShowcaseApi = ReturnType<typeof showcaseApi>;
