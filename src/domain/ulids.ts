/**
 * New ULIDs, for the client (request ids, idempotency keys) and the sandbox (every record), their random part drawn
 * from the pool of crypto-random words (ids.ts). Apart from ids.ts so that reading an id loads no ulid.
 */
import { monotonicFactory, type ULIDFactory, ulid } from 'ulid';
import { pooledRandom } from './ids.js';

/** A ULID for this moment, or for `time` (ms since the epoch). */
export const newUlid = (time?: number): string => ulid(time, pooledRandom);

/** ULIDs that sort in the order they were made, even within one millisecond. */
export const monotonicUlids = (): ULIDFactory => monotonicFactory(pooledRandom);
