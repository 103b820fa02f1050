/**
 * The sdk schema of every answer the site's fake /api gives, so a fixture can never drift from the
 * shapes the real server is held to (issue 10: "the fake API's every answer is parsed with the sdk
 * schema of that call"). A call the table does not know fails the test that made it.
 */
import * as v from 'valibot';
import {
  CityPlaceSchema,
  CompanyListSchema,
  CompanySchema,
  ErrorBodySchema,
  FollowedCompanyListSchema,
  InvestmentSchema,
  InvestorSchema,
  JobArraySchema,
  JobListSchema,
  JobSchema,
  JobsAndFeaturedSchema,
  ManagedJobListSchema,
  MyApplicationListSchema,
  OrderListSchema,
  ReviewQueueSchema,
  SavedJobListSchema,
  SiteConfigSchema,
  UserSchema,
  ViewerFlagsSchema,
} from '@nordlys/sdk/schemas';

type AnySchema = v.GenericSchema;

/**
 * [method, path under /api/, schema of a 2xx JSON answer]; null where the call answers 204 with no
 * body. server/src/api/openapi.test.ts holds each row to the route's own declaration.
 */
export const ANSWERS: [string, RegExp, AnySchema | null][] = [
  ['GET', /^site\/config-base$/, SiteConfigSchema],
  ['GET', /^v2\/jobs$/, JobListSchema],
  ['GET', /^v2\/jobsandfeatured$/, JobsAndFeaturedSchema],
  ['GET', /^v2\/jobs\/latest\/3$/, JobArraySchema],
  ['GET', /^v2\/featuredjobs$/, JobArraySchema],
  ['GET', /^v2\/jobs\/\d+\/related$/, JobArraySchema],
  ['GET', /^v2\/places\/[^/]+\/[^/]+$/, CityPlaceSchema],
  ['GET', /^jobs\/single\/\d+$/, JobSchema],
  ['GET', /^companiesProper$/, CompanyListSchema],
  ['GET', /^companies\/[^/]+\/jobs$/, JobArraySchema],
  ['GET', /^companies\/[^/]+\/hidden$/, CompanySchema],
  ['GET', /^companies\/[^/]+\/managed-jobs$/, ManagedJobListSchema],
  ['GET', /^companies\/[^/]+\/orders$/, OrderListSchema],
  ['GET', /^companies\/[^/]+$/, CompanySchema],
  ['GET', /^investors\/[^/]+$/, InvestorSchema],
  ['GET', /^investors\/[^/]+\/hidden$/, InvestorSchema],
  ['GET', /^investors\/[^/]+\/investments$/, v.object({ investments: v.array(InvestmentSchema) })],
  ['POST', /^investors\/[^/]+\/investments$/, InvestmentSchema],
  ['DELETE', /^investors\/[^/]+\/investments\/\d+$/, null],
  ['GET', /^admin\/reviews$/, ReviewQueueSchema],
  ['GET', /^admin\/orders$/, OrderListSchema],
  ['GET', /^users\/me$/, UserSchema],
  ['PUT', /^users\/me$/, UserSchema],
  ['POST', /^users\/sign-in$/, UserSchema],
  ['POST', /^users\/sign-out$/, null],
  ['POST', /^applicant$/, UserSchema],
  ['POST', /^(companies|investors)\/[^/]+\/platform$/, null],
  // Issue #13: the candidate's marks, flags, lists and applications.
  ['POST', /^jobs\/\d+\/(save|unsave|interested|uninterested)$/, null],
  ['POST', /^companies\/[^/]+\/(follow|unfollow)$/, null],
  ['GET', /^applicant\/flags$/, ViewerFlagsSchema],
  ['GET', /^applicant\/saved$/, SavedJobListSchema],
  ['GET', /^applicant\/followed$/, FollowedCompanyListSchema],
  ['GET', /^applicant\/applications$/, MyApplicationListSchema],
  ['DELETE', /^applications\/\d+$/, null],
];

/** The schema a 2xx answer to `method path` must match: a schema, null for no body, undefined for an unknown call. */
export function answerSchema(method: string, path: string): AnySchema | null | undefined {
  const row = ANSWERS.find(([m, pattern]) => m === method && pattern.test(path));
  return row ? row[2] : undefined;
}

/**
 * Throws, naming the call and the first mismatching field, when a fake answer is not what the real
 * server may send: a 2xx body must match the call's schema, any other status the error body of spec 8.
 */
export async function checkFakeAnswer(method: string, path: string, response: Response): Promise<void> {
  const call = `${method} /api/${path} (${response.status})`;
  const text = await response.clone().text();
  if (response.ok) {
    const schema = answerSchema(method, path);
    if (schema === undefined) throw new Error(`The fake API answered ${call}, a call with no schema in site/src/testing/answer-schemas.ts`);
    if (schema === null) {
      if (text !== '' || response.status !== 204) throw new Error(`The fake API answered ${call} with a body; the real call answers 204`);
      return;
    }
    assertMatches(schema, JSON.parse(text), call);
    return;
  }
  assertMatches(ErrorBodySchema, JSON.parse(text), call);
}

function assertMatches(schema: AnySchema, body: unknown, call: string): void {
  const result = v.safeParse(schema, body);
  if (result.success) return;
  const issue = result.issues[0];
  const where = issue.path?.map((p) => String(p.key)).join('.') || '(root)';
  throw new Error(`The fake API's answer to ${call} does not match the sdk schema at ${where}: ${issue.message}`);
}
