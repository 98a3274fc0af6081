import type { TokenProvider } from '../tokens.js';
import type { Layer } from '../wire.js';

/**
 * Authorization: Bearer on every call. On a 401 the token is renewed ONCE and the request replayed (when its body
 * can be sent again); a second 401 is returned to the caller as is.
 */
export function auth(tokens: TokenProvider): Layer {
  return (next) => async (req) => {
    const token = await tokens.get(req.signal);
    const res = await next({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${token.access_token}` },
    });
    if (res.status !== 401 || req.replayable === false) return res;
    res.stream?.destroy();
    const fresh = await tokens.refresh(token.access_token, req.signal);
    return next({ ...req, headers: { ...req.headers, authorization: `Bearer ${fresh.access_token}` } });
  };
}
