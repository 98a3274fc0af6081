/**
 * One error type per failure class, each carrying its exit code (docs/DESIGN.md "Exit codes"), the API's error code,
 * message and request id. `main` turns any of them into one stderr line and the exit code.
 */

export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  conflict: 5,
  rateLimited: 6,
  unavailable: 7,
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface ErrorDetails {
  code?: string;
  status?: number;
  requestId?: string;
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** The Idempotency-Key of a write whose outcome is unknown: running it again with it is safe. */
  idempotencyKey?: string;
}

export class CondoError extends Error {
  readonly exitCode: ExitCode = ExitCode.error;
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly fields: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly idempotencyKey: string | undefined;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.code = details.code;
    this.status = details.status;
    this.requestId = details.requestId;
    this.fields = details.fields;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.idempotencyKey = details.idempotencyKey;
  }
}

/** Bad flags, arguments or input files: nothing was sent. Also a 422 from the server. */
export class UsageError extends CondoError {
  override readonly exitCode = ExitCode.usage;
}
export class AuthError extends CondoError {
  override readonly exitCode = ExitCode.auth;
}
export class NotFoundError extends CondoError {
  override readonly exitCode = ExitCode.notFound;
}
export class ConflictError extends CondoError {
  override readonly exitCode = ExitCode.conflict;
}
export class RateLimitedError extends CondoError {
  override readonly exitCode = ExitCode.rateLimited;
}
export class UnavailableError extends CondoError {
  override readonly exitCode = ExitCode.unavailable;
}
/** Any other API failure. */
export class ApiError extends CondoError {}
export class InterruptedError extends CondoError {
  override readonly exitCode = ExitCode.interrupted;
}

/** The error class for an HTTP status, as the CLI maps API errors to exit codes. */
export function errorClassForStatus(status: number): typeof CondoError {
  if (status === 400 || status === 413 || status === 415 || status === 422) return UsageError;
  if (status === 401 || status === 403) return AuthError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 429) return RateLimitedError;
  if (status === 502 || status === 503 || status === 504) return UnavailableError;
  return ApiError;
}
