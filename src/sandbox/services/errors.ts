/**
 * What the services raise: domain errors that say what went wrong (a record missing, a state that forbids it,
 * fields or a rule refused), not how HTTP says it. The HTTP layer (http/errors.ts) turns each into its response:
 * 404, 409 or 422 with the error's code, message and fields.
 */
import { type Message, withFinding } from '../../domain/message.js';
import type { FieldErrors } from '../../domain/request-bodies.js';

export type DomainErrorKind = 'not_found' | 'invalid_state' | 'conflict' | 'invalid';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** extra members of the error (an invalid file's `errors: [{line, message}]`) */
    readonly extra?: Record<string, unknown>,
    /** seconds after which trying again may work (an import still running) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** What a 404 says is missing: `params.resource` on the wire (#54), so a client says it in its own words. */
export const MISSING = {
  payable: 'payable',
  payment_batch: 'payment batch',
  invoice: 'invoice',
  payment_options: 'payment options (the invoice is not issued yet)',
  supplier: 'supplier',
  unit: 'unit',
  batch_file: 'the remittance file of this batch',
  statement_import: 'statement import',
  bank_account: 'bank account',
  webhook_subscription: 'webhook subscription',
  monetary_index: 'monetary index',
  resource: 'resource',
} as const;
export type Missing = keyof typeof MISSING;

export const notFound = (what: Missing = 'resource') =>
  new DomainError('not_found', 'not_found', `${MISSING[what]} not found`, undefined, {
    params: { resource: what },
  });
/** A state that forbids it: 409; `params` name what was asked and the state (#54), for a client's own words. */
export const invalidState = (message: string, params?: Record<string, string | number>) =>
  new DomainError('invalid_state', 'invalid_state', message, undefined, params ? { params } : undefined);
/** The request would make a second of what must be one (a supplier's CPF/CNPJ): 409. */
export const conflict = (message: string, params?: Record<string, string | number>) =>
  new DomainError('conflict', 'conflict', message, undefined, params ? { params } : undefined);
export const validationFailed = (fields: FieldErrors, message = 'the request has invalid fields') =>
  new DomainError('invalid', 'validation_failed', message, fields);
/** A domain rule (not_remittable, period_closed, nothing_to_remit, invalid_file...), with its own code. */
export const domainRule = (
  code: string,
  message: string,
  fields?: FieldErrors,
  extra?: Record<string, unknown>,
) => new DomainError('invalid', code, message, fields, extra);

/**
 * A refused file (invalid_file, account_mismatch): its problems line by line in the message (the first few), in
 * `fields.file`, and all of them as `errors: [{line, message}]`.
 */
export function fileRefused(
  code: string,
  lead: string,
  messages: readonly { line: number; message: string; finding?: Message }[],
  params?: Record<string, string | number>,
): DomainError {
  return domainRule(
    code,
    linesMessage(lead, messages),
    { file: messages.map((m) => `line ${m.line}: ${m.message}`) },
    {
      // each line's finding by its code beside its English, for a client to say it in its person's language
      errors: messages.map((m) => ({
        line: m.line,
        message: m.message,
        ...(m.finding ? { finding: m.finding } : {}),
      })),
      ...(params ? { params } : {}),
    },
  );
}

/** A problem at a line, its English the finding's, the finding beside it. */
export const issueOf = (line: number, finding: Message) =>
  withFinding({ line, message: finding.message }, finding);

/** How many of a file's problems an error message lists (all of them are in `errors`). */
const LINES_SHOWN = 5;

/** `lead: line 3: …; line 9: … (and 12 more)`: a refused file's message. */
export function linesMessage(lead: string, messages: readonly { line: number; message: string }[]): string {
  const shown = messages
    .slice(0, LINES_SHOWN)
    .map((m) => `line ${m.line}: ${m.message}`)
    .join('; ');
  const more = messages.length > LINES_SHOWN ? ` (and ${messages.length - LINES_SHOWN} more)` : '';
  return `${lead}: ${shown}${more}`;
}
