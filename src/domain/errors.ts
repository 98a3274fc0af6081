/**
 * One error type per failure class: what happened (the input was refused, an HTTP status class, the server could
 * not be reached), with the HTTP status, the API's error code, message, request id and retry-after. The CLI alone
 * decides what each means for a shell (src/cli/exit-codes.ts); the client and the domain know nothing of exit codes.
 */

import { isMessage, type Message } from './message.js';
import type { Text } from './text.js';

export interface ErrorDetails {
  code?: string;
  status?: number;
  requestId?: string;
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** The Idempotency-Key of a write whose outcome is unknown: running it again with it is safe. */
  idempotencyKey?: string;
  /** The error's other members (a not_remittable's `reason`): what a client says in its own words, by code. */
  facts?: Record<string, unknown>;
}

export class CondoError extends Error {
  /** The message in both languages, where it was written so (text.ts); `message` is its English. */
  readonly text: Text | undefined;
  /** The message by its code (message.ts), where a catalog declares it; `message` is its English. */
  readonly finding: Message | undefined;
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly fields: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly idempotencyKey: string | undefined;
  readonly facts: Record<string, unknown> | undefined;

  constructor(message: string | Text | Message, details: ErrorDetails = {}) {
    super(typeof message === 'string' ? message : isMessage(message) ? message.message : message.en);
    this.text = typeof message === 'string' || isMessage(message) ? undefined : message;
    this.finding = isMessage(message) ? message : undefined;
    this.name = new.target.name;
    this.code = details.code;
    this.status = details.status;
    this.requestId = details.requestId;
    this.fields = details.fields;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.idempotencyKey = details.idempotencyKey;
    this.facts = details.facts;
  }
}

/** The caller's own input is wrong (flags, arguments, files, client options): nothing was sent. */
export class UsageError extends CondoError {}
/** The server refused the request as it was sent: 400, 413, 415, 422 (`fields` says why, field by field). */
export class ValidationError extends CondoError {}
/** 401, 403: not authenticated, or not allowed. */
export class AuthError extends CondoError {}
export class NotFoundError extends CondoError {}
/** 409: a state that forbids it, or an idempotency key reused with another body. */
export class ConflictError extends CondoError {}
/** 429, after the retries: `retryAfterSeconds` says when to come back. */
export class RateLimitedError extends CondoError {}
/** 502, 503, 504, the server unreachable, or a write whose outcome is unknown. */
export class UnavailableError extends CondoError {}
/** Any other API failure. */
export class ApiError extends CondoError {}
/** Ctrl-C, or the caller's abort signal. */
export class InterruptedError extends CondoError {}

/** The error class of an HTTP status. */
export function errorClassForStatus(status: number): typeof CondoError {
  if (status === 400 || status === 413 || status === 415 || status === 422) return ValidationError;
  if (status === 401 || status === 403) return AuthError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 429) return RateLimitedError;
  if (status === 502 || status === 503 || status === 504) return UnavailableError;
  return ApiError;
}

/**
 * What every formats module throws when it is handed something it cannot write or read: one type, with the line
 * of the file (1-based) and the field when it knows them. Readers report a file's problems as values, each with
 * its line (see each reader's `errors`); this is for input that stops the work. It is a RangeError, as these
 * modules threw before.
 */
export class FormatError extends RangeError {
  readonly line: number | undefined;
  readonly field: string | undefined;

  constructor(message: string, where: { line?: number; field?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.line = where.line;
    this.field = where.field;
  }
}
