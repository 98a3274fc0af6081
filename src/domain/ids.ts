/** Identifier formats shared by the client and the sandbox, and the randomness their new ids draw on. */

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

/**
 * A crypto-random fraction in [0, 1), as ulid's PRNG type asks. ulid's own source makes one crypto call per
 * character, sixteen an id: the sandbox makes tens of thousands of ids in a request (a big batch, a statement
 * import) and the client two a request (its request id, its idempotency key). Drawn from a pool of crypto-random
 * words, refilled 4,096 at a time: as unpredictable, far fewer calls.
 */
export function pooledRandom(): number {
  if (nextWord === randomWords.length) {
    // the global Web Crypto (Node >= 19), so that a command that makes no id loads no crypto module (~3.5 ms, #73)
    globalThis.crypto.getRandomValues(randomWords);
    nextWord = 0;
  }
  return (randomWords[nextWord++] as number) / 0x1_0000_0000;
}

const randomWords = new Uint32Array(4096);
let nextWord = randomWords.length;
