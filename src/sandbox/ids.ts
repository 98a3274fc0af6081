/**
 * The sandbox's ULIDs. ulid's own random source makes one crypto call per character, sixteen an id: with tens of
 * thousands of rows in a request (a big batch, a statement import) that was a visible share of its time. Here the
 * random part is drawn from a pool of crypto-random words, refilled 4,096 at a time: as unpredictable, far fewer
 * calls.
 */
import { randomFillSync } from 'node:crypto';
import { monotonicFactory, type ULIDFactory, ulid } from 'ulid';

const pool = new Uint32Array(4096);
let next = pool.length;

/** A crypto-random fraction in [0, 1), as ulid's PRNG type asks. */
export function pooledRandom(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return (pool[next++] as number) / 0x1_0000_0000;
}

/** A ULID for this moment, or for `time` (ms since the epoch). */
export const newUlid = (time?: number): string => ulid(time, pooledRandom);

/** ULIDs that sort in the order they were made, even within one millisecond. */
export const monotonicUlids = (): ULIDFactory => monotonicFactory(pooledRandom);
