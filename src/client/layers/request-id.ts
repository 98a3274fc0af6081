import { sanitizeRequestId } from '../../domain/ids.js';
import { newUlid } from '../../domain/ulids.js';
import type { Layer } from '../wire.js';

/**
 * X-Request-Id on every call: the caller's (--request-id, sanitized as the spec does) or a new ULID per call.
 * Outermost, so every retry and the 401 replay of one call carry the same id.
 */
export function requestId(fixed?: string): Layer {
  const given = sanitizeRequestId(fixed);
  return (next) => (req) => {
    const own = sanitizeRequestId(req.headers['x-request-id']);
    // On the call's own request (each call has its headers object): its error can then name the id.
    req.headers['x-request-id'] = own || given || newUlid();
    return next(req);
  };
}
