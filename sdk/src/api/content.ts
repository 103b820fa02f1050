/** Content calls of spec 7: tools and the partners page. */
import type { KyInstance } from 'ky';
import type { PartnersPage, ToolsAnswer } from '../schemas/content';

export function contentApi(http: KyInstance) {
  return {
    /** GET /tools: returns {tools}. */
    tools: () => http.get('tools').json<ToolsAnswer>(),
    /** GET pages/partners: returns page{partners, content}. */
    partnersPage: () => http.get('pages/partners').json<PartnersPage>(),
  };
}
export type ContentApi = ReturnType<typeof contentApi>;
