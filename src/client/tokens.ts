/**
 * Access tokens: OAuth 2.0 client credentials at POST /api/v1/oauth/token (form-encoded, credentials in HTTP
 * Basic, `scope` when asked), cached through the caller's TokenCache (or in memory) and renewed when less than
 * min(60 s, half its lifetime) is left, so a short-lived token still serves several commands.
 * Concurrent callers share one fetch.
 */
import { AuthError, type CondoError } from '../domain/errors.js';
import { errorFromResponse, errorFromTransport, parseBody } from './errors.js';
import type { CachedToken, TokenCache } from './types.js';
import { type Send, TransportError } from './wire.js';

/** A token this close to expiry is renewed before use (or half its lifetime, when that is shorter). */
export const REFRESH_MARGIN_MS = 60_000;

/** How long before its expiry a token is renewed. */
export function refreshMargin(t: CachedToken): number {
  if (t.issued_at === undefined) return REFRESH_MARGIN_MS;
  return Math.min(REFRESH_MARGIN_MS, (t.expires_at - t.issued_at) / 2);
}

export interface TokenProviderOptions {
  tokenUrl: URL;
  clientId: string;
  clientSecret: string;
  scopes?: string[];
  cache: TokenCache;
  cacheKey: string;
  userAgent?: string;
  /** The pipeline below auth used for the token call (request id, retry, log, transport). */
  send: Send;
  /** Every token handed out, so the debug log can scrub it. */
  onToken?: (token: string) => void;
  log?: (line: string) => void;
  now?: () => number;
}

export class TokenProvider {
  private memory: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private readonly now: () => number;

  constructor(private readonly o: TokenProviderOptions) {
    this.now = o.now ?? Date.now;
  }

  /** A valid token: the cached one unless it expires within the margin, else a fresh one. */
  async get(signal?: AbortSignal): Promise<CachedToken> {
    const cached = this.memory ?? (await this.readCache());
    if (cached && cached.expires_at - refreshMargin(cached) > this.now()) {
      this.memory = cached;
      this.o.onToken?.(cached.access_token);
      return cached;
    }
    return this.fetch(signal);
  }

  /** After a 401 with `stale`: a token other than it (another call may have renewed already) or a fresh one. */
  async refresh(stale: string, signal?: AbortSignal): Promise<CachedToken> {
    if (this.memory && this.memory.access_token !== stale) return this.memory;
    return this.renew(signal);
  }

  /** Drops the cached token and fetches a new one (`condo auth login` proves the credentials this way). */
  async renew(signal?: AbortSignal): Promise<CachedToken> {
    this.memory = undefined;
    try {
      await this.o.cache.delete?.(this.o.cacheKey);
    } catch {
      // a broken cache must not break the call
    }
    return this.fetch(signal);
  }

  private fetch(signal?: AbortSignal): Promise<CachedToken> {
    this.inflight ??= this.issue(signal).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async readCache(): Promise<CachedToken | undefined> {
    try {
      const t = await this.o.cache.get(this.o.cacheKey);
      return t && typeof t.access_token === 'string' && typeof t.expires_at === 'number' ? t : undefined;
    } catch {
      return undefined;
    }
  }

  private async issue(signal?: AbortSignal): Promise<CachedToken> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.o.scopes && this.o.scopes.length > 0) form.set('scope', this.o.scopes.join(' '));
    // RFC 6749 2.3.1: id and secret are form-urlencoded before the Basic encoding.
    const basic = Buffer.from(`${formEncode(this.o.clientId)}:${formEncode(this.o.clientSecret)}`).toString(
      'base64',
    );
    const started = this.now();
    const res = await this.o
      .send({
        method: 'POST',
        url: this.o.tokenUrl,
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${basic}`,
        },
        body: Buffer.from(form.toString()),
        signal,
        safeToRetry: true,
      })
      .catch((err: unknown) => {
        // Retried already below; a TransportError must not be retried again by the caller's retry layer.
        throw err instanceof TransportError ? errorFromTransport(err, this.o.tokenUrl, undefined) : err;
      });
    const body = parseBody(res.bytes, res.headers['content-type']);
    if (res.status >= 400) throw authFailure(errorFromResponse(res, body));
    const o = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const inner = (o.data && typeof o.data === 'object' ? o.data : o) as Record<string, unknown>;
    const accessToken = inner.access_token;
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw new AuthError('the token endpoint answered without an access_token', {
        code: 'invalid_token_response',
        status: res.status,
        requestId: res.headers['x-request-id'],
      });
    }
    this.o.onToken?.(accessToken);
    const expiresIn = Number(inner.expires_in);
    const scope = Array.isArray(inner.scope)
      ? inner.scope.map(String)
      : typeof inner.scope === 'string'
        ? inner.scope.split(/\s+/).filter(Boolean)
        : (this.o.scopes ?? []);
    const token: CachedToken = {
      access_token: accessToken,
      // The spec: a token is valid for 1 hour; trust expires_in when the server sends it.
      expires_at: started + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
      issued_at: started,
      scope,
    };
    this.memory = token;
    try {
      await this.o.cache.set(this.o.cacheKey, token);
    } catch (err) {
      this.o.log?.(`token cache: could not store the token (${(err as Error).message})`);
    }
    return token;
  }
}

/** A token endpoint's 400/401 are credential problems: exit 3, whatever the status maps to otherwise. */
function authFailure(err: CondoError): CondoError {
  if (err.status === 400 || err.status === 401 || err.status === 403) {
    return new AuthError(err.message, {
      code: err.code,
      status: err.status,
      requestId: err.requestId,
      fields: err.fields,
    });
  }
  return err;
}

function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

export class MemoryTokenCache implements TokenCache {
  private readonly map = new Map<string, CachedToken>();
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, token: CachedToken) {
    this.map.set(key, token);
  }
  delete(key: string) {
    this.map.delete(key);
  }
}
