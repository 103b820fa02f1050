/** Content calls of spec 7: the startup toolbox (tools) and the partners page, with one tool or partner each (issue #15). */
import type { Transport } from './transport';
import type { Partner, PartnersPage, Tool, ToolsAnswer } from '../schemas/content';

export function contentApi(http: Transport) {
  return {
    /** GET /tools: returns {tools}. */
    tools: () => http.get('tools').json<ToolsAnswer>(),
    /** GET /tools/{key}: one tool (404 for an unknown key). */
    tool: (key: string) => http.get(`tools/${encodeURIComponent(key)}`).json<Tool>(),
    /** GET pages/partners: returns page{partners, content}. */
    partnersPage: () => http.get('pages/partners').json<PartnersPage>(),
    /** GET /partners/{key}: one partner (404 for an unknown key). */
    partner: (key: string) => http.get(`partners/${encodeURIComponent(key)}`).json<Partner>(),
  };
}
export type ContentApi = ReturnType<typeof contentApi>;
