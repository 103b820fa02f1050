/**
 * What each /api route declares about itself (issue #17): a summary, who may call it, what it answers
 * and which errors it can give. The declaration is the route's first middleware, so it sits beside the
 * code it describes; the OpenAPI document (openapi.ts), its reference page, the fuzzer and the
 * authorization matrix are all read from it. The request's schemas are not repeated here: each
 * `validate(target, schema)` of the route declares its own (http/validate.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { GenericSchema } from 'valibot';
import type { ErrorCode } from '../errors';
import { keepPublicAnswers } from '../http/answer-cache';

/**
 * Who may call a route. Admins pass every rule but `owner` (spec 6: they bypass membership, not
 * ownership).
 * - `public`: anyone, signed in or not.
 * - `token`: anyone holding the secret in the path or body (a digest key, an invitation token).
 * - `user`: any signed-in user (401 otherwise).
 * - `owner`: the signed-in user whose record the path names; anyone else gets 404, which does not
 *   tell them the record exists.
 * - `startup`: a member of any startup.
 * - `company` / `investor`: a member of the startup or investor the path names, or of the job's
 *   startup for a job's path (403 otherwise, or 404 where the declaration says `hides`).
 * - `admin`: the site's admins (403 for everyone else).
 */
export const ACCESS_RULES = ['public', 'token', 'user', 'owner', 'startup', 'company', 'investor', 'admin'] as const;
export type Access = (typeof ACCESS_RULES)[number];

/** A JSON answer (its schema), or one without JSON: no body, a redirect, a file, a page or plain text. */
export type Answer = GenericSchema | 'empty' | 'redirect' | 'file' | 'html' | 'text';

export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303;

export interface OtherAnswer {
  status: SuccessStatus;
  /** When the call answers it, for the document: "The search was already pinned under that key". */
  when: string;
  response?: Answer;
}

export interface OperationDoc {
  /** One line for the reference: what the call does. */
  summary: string;
  /** Longer notes for the reference, when one line is not enough. */
  description?: string;
  access: Access;
  /** The success answer. */
  response: Answer;
  /** The success status: 200 by default, 204 for 'empty', 302 for 'redirect'. */
  status?: SuccessStatus;
  /**
   * The other success answers the call gives, each with when it gives it (e.g. 200 for a search already
   * pinned, beside the 201 of a new one); `response` defaults to the call's own. The document declares
   * them all, so a client reading it knows every status it may get.
   */
  otherAnswers?: readonly OtherAnswer[];
  /**
   * The domain errors the call can answer besides the ones every call can give: E_VALIDATION when it
   * validates something, the access rule's 401 and 403, E_DATABASE_UNAVAILABLE and E_OVERLOADED.
   */
  errors?: readonly ErrorCode[];
  /** For `company` and `investor`: outsiders get 404 rather than 403, so the answer never reveals a hidden record. */
  hides?: boolean;
  /**
   * A write that changes nothing a visitor's answer shows (the caller's own marks, settings and
   * session, an application, the pipeline): the answer cache keeps its public answers after it.
   * Without it every write empties the cache (http/answer-cache.ts), which under a steady trickle of
   * sign-ins and saves would keep it nearly empty. Never on a `token` write: the pages of a secret
   * link (a job alert's settings, its unsubscribe page) are visitors' pages too, and are cached.
   */
  keepsPublicAnswers?: boolean;
}

/** The key under which a declaration rides on its middleware. */
export const OPERATION = Symbol.for('nordlys.operation');

export type DeclaredMiddleware = MiddlewareHandler & { [OPERATION]: OperationDoc };

/** The route's declaration: pass it first, `router.get(path, operation({...}), ...)`. It does nothing at run time. */
export function operation(doc: OperationDoc): DeclaredMiddleware {
  const middleware: MiddlewareHandler = doc.keepsPublicAnswers
    ? (c, next) => {
        keepPublicAnswers(c);
        return next();
      }
    : (_c, next) => next();
  return Object.assign(middleware, { [OPERATION]: doc });
}

export function declarationOf(handler: unknown): OperationDoc | undefined {
  return typeof handler === 'function' ? (handler as Partial<DeclaredMiddleware>)[OPERATION] : undefined;
}

/** The success status of a declaration. */
export function successStatus(doc: OperationDoc): number {
  return doc.status ?? (doc.response === 'empty' ? 204 : doc.response === 'redirect' ? 302 : 200);
}

/** Every success answer a declaration gives: its own first, then the others. */
export function successAnswers(doc: OperationDoc): { status: number; response: Answer; when?: string }[] {
  return [{ status: successStatus(doc), response: doc.response }, ...(doc.otherAnswers ?? []).map(({ status, when, response }) => ({ status, when, response: response ?? doc.response }))];
}
