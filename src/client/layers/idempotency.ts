import { UsageError } from '../../domain/errors.js';
import { isValidIdempotencyKey } from '../../domain/ids.js';
import { newUlid } from '../../domain/ulids.js';
import { isWrite, type Layer } from '../wire.js';

/**
 * An Idempotency-Key on every POST/PUT/PATCH/DELETE: the call's own key (set by `request({idempotencyKey})`),
 * else a new ULID. It sits outside the retry layer, so every retry of one call sends the same key.
 */
export function idempotency(): Layer {
  return (next) => (req) => {
    if (!isWrite(req.method)) return next(req);
    const key = req.headers['idempotency-key'] || newUlid();
    if (!isValidIdempotencyKey(key)) {
      return Promise.reject(
        new UsageError('--idempotency-key must match [A-Za-z0-9_-]{1,255}', {
          code: 'invalid_idempotency_key',
        }),
      );
    }
    // Written on the caller's request too, so an unknown outcome can name the key to run it again with.
    req.headers['idempotency-key'] = key;
    return next(req);
  };
}
