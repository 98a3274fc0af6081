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
 * The CLI's exit codes: one meaning each, for every verb (#50; `condo help exit-codes`, docs/DECISIONS.md "Exit
 * codes"). The client and the domain raise errors by what happened (an HTTP status class, a refused input); only
 * the CLI decides what they mean for a shell. `--json` says the same as a word, `outcome`, beside a run's result
 * or its error.
 */
export const ExitCode = {
  /** done */
  ok: 0,
  /** done, with something left for a person: a line no rule settled, a payment with no code, a divergence */
  attention: 1,
  /** refused input (a flag, a file, a field the server refused) or a person's no: nothing done */
  refused: 2,
  auth: 3,
  notFound: 4,
  /** a state that forbids it, an idempotency key reused with another body */
  conflict: 5,
  rateLimited: 6,
  /** the network or the server unavailable after the retries, or a write's outcome unknown */
  unavailable: 7,
  /** a failure nobody foresaw: a server error (500) the retry did not clear, an answer condo cannot read, a bug */
  failed: 8,
  interrupted: 130,
  terminated: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Each exit code as the word `--json` gives it. */
const OUTCOMES: Readonly<Record<number, string>> = {
  0: 'done',
  1: 'needs_person',
  2: 'refused',
  3: 'unauthorized',
  4: 'not_found',
  5: 'conflict',
  6: 'rate_limited',
  7: 'unavailable',
  8: 'failed',
  130: 'interrupted',
  143: 'interrupted',
};

export function outcomeOf(code: number): string {
  return OUTCOMES[code] ?? 'failed';
}

export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError || error instanceof ValidationError) return ExitCode.refused;
  if (error instanceof AuthError) return ExitCode.auth;
  if (error instanceof NotFoundError) return ExitCode.notFound;
  if (error instanceof ConflictError) return ExitCode.conflict;
  if (error instanceof RateLimitedError) return ExitCode.rateLimited;
  if (error instanceof UnavailableError) return ExitCode.unavailable;
  if (error instanceof InterruptedError) return ExitCode.interrupted;
  // an ApiError (any other status), or not condo's error at all
  return ExitCode.failed;
}
