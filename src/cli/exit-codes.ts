import {
  AuthError,
  ConflictError,
  InterruptedError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  UsageError,
  ValidationError,
} from '../domain/errors.js';

/**
 * The CLI's exit codes (docs/DESIGN.md "Exit codes"). The client and the domain raise errors by what happened
 * (an HTTP status class, a refused input); only the CLI decides what they mean for a shell.
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

export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError || error instanceof ValidationError) return ExitCode.usage;
  if (error instanceof AuthError) return ExitCode.auth;
  if (error instanceof NotFoundError) return ExitCode.notFound;
  if (error instanceof ConflictError) return ExitCode.conflict;
  if (error instanceof RateLimitedError) return ExitCode.rateLimited;
  if (error instanceof UnavailableError) return ExitCode.unavailable;
  if (error instanceof InterruptedError) return ExitCode.interrupted;
  return ExitCode.error;
}
