import { InterruptedError } from '../domain/errors.js';

/**
 * The client's one clock: what time it is and how to wait. Retries, the rate limiter and token renewal read it,
 * so a test can hand the client a clock it moves itself instead of waiting in real time.
 */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => sleep(ms, signal) };

/** Waits `ms`, rejecting with InterruptedError as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(interrupted());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(interrupted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function interrupted(): InterruptedError {
  return new InterruptedError({ en: 'interrupted', pt: 'interrompido' }, { code: 'interrupted' });
}

/** One signal that aborts when any of the given ones does (undefined entries ignored). */
export function anySignal(...signals: Array<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return AbortSignal.any(present);
}
