/**
 * Every failure leaves the sandbox as `{"error":{"code","message","fields"?},"request_id"}` (docs/DESIGN.md "Wire
 * contract"). Routes throw an `ApiProblem`, or a service's `DomainError` (services/errors.ts) which becomes one
 * here; the app's error handler renders it, maps Fastify's own errors (malformed JSON, media type, body size) onto
 * the same codes, and hides anything unexpected behind a 500.
 */
import type { FieldErrors } from '../../domain/request-bodies.js';
import { DomainError, type DomainErrorKind } from '../services/errors.js';

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers: Record<string, string> = {},
    /** extra members of `error` (e.g. an invalid file's `errors: [{line, message}]`) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiProblem';
  }
}

export const badRequest = (message: string, fields?: FieldErrors) =>
  new ApiProblem(400, 'bad_request', message, fields);
export const unauthenticated = (message: string) =>
  new ApiProblem(401, 'unauthenticated', message, undefined, { 'www-authenticate': 'Bearer realm="condo"' });
export const forbidden = () =>
  new ApiProblem(403, 'forbidden', 'this token is not allowed to access this resource');
export const insufficientScope = (scope: string) =>
  new ApiProblem(
    403,
    'insufficient_scope',
    `this call needs the scope ${scope}`,
    undefined,
    { 'www-authenticate': `Bearer realm="condo", error="insufficient_scope", scope="${scope}"` },
    { params: { scope } },
  );
// Routes raise the services' domain errors too; problemOf below gives each its status.
export { domainRule, invalidState, notFound, validationFailed } from '../services/errors.js';

const STATUS_OF: Record<DomainErrorKind, number> = {
  not_found: 404,
  invalid_state: 409,
  conflict: 409,
  invalid: 422,
};

/** A service's domain error as the API answers it. */
export function problemOf(e: DomainError): ApiProblem {
  return new ApiProblem(
    STATUS_OF[e.kind],
    e.code,
    e.message,
    e.fields,
    e.retryAfterSeconds !== undefined ? { 'retry-after': String(e.retryAfterSeconds) } : {},
    e.extra,
  );
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldErrors; [extra: string]: unknown };
  request_id: string;
}

export function errorBody(problem: ApiProblem, requestId: string): ErrorBody {
  return {
    error: {
      code: problem.code,
      message: problem.message,
      ...(problem.fields ? { fields: problem.fields } : {}),
      ...problem.extra,
    },
    request_id: requestId,
  };
}

/** Fastify's and @fastify/multipart's own errors, as the wire contract names them. */
/** How many parts a multipart body may carry: each count named when it is passed (#53), not "too large". */
export const MULTIPART_LIMITS = { files: 5, fields: 20, parts: 30 } as const;

export function problemFromFrameworkError(err: unknown): ApiProblem {
  if (err instanceof ApiProblem) return err;
  if (err instanceof DomainError) return problemOf(err);
  const e = err as { statusCode?: number; code?: string; message?: string };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('the body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiProblem(415, 'unsupported_media_type', 'this content type is not accepted here');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiProblem(413, 'payload_too_large', 'the request body is too large');
    case 'FST_FILES_LIMIT':
      return tooMany(`more than ${MULTIPART_LIMITS.files} files`);
    case 'FST_FIELDS_LIMIT':
      return tooMany(`more than ${MULTIPART_LIMITS.fields} fields`);
    case 'FST_PARTS_LIMIT':
      return tooMany(`more than ${MULTIPART_LIMITS.parts} parts`);
  }
  if (status === 413) return new ApiProblem(413, 'payload_too_large', 'the request body is too large');
  if (status === 415)
    return new ApiProblem(415, 'unsupported_media_type', 'this content type is not accepted here');
  if (status >= 400 && status < 500) return badRequest(e.message ?? 'bad request');
  return new ApiProblem(500, 'internal_error', 'the sandbox failed to handle this request');
}

/** A multipart body past one of its counts: 413, as RFC 9110 has it for a body the server will not take, naming it. */
const tooMany = (what: string) =>
  new ApiProblem(
    413,
    'payload_too_large',
    `the multipart body has ${what}: a request carries at most ${MULTIPART_LIMITS.files} files, ${MULTIPART_LIMITS.fields} fields and ${MULTIPART_LIMITS.parts} parts`,
  );
