/** Identifier formats shared by the client and the sandbox. */

export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

export function isUlid(text: string): boolean {
  return ULID_PATTERN.test(text);
}

export function isValidIdempotencyKey(text: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(text);
}

/** X-Request-Id as the spec sanitizes it: characters outside [A-Za-z0-9_-] dropped, then cut to 64; '' if none. */
export function sanitizeRequestId(text: string | undefined | null): string {
  return (text ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
}
