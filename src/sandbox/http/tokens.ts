/**
 * OAuth 2.0 client credentials (RFC 6749 4.4): opaque random access tokens bound to the client's condominium
 * and the granted scopes. Tokens are stored as their SHA-256 (the database never holds a usable bearer token),
 * so a restarted sandbox still honours them until they expire.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ClientRecord, Scope, TokenRecord } from '../model.js';
import type { SandboxStore } from '../store.js';

export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly code: 'invalid_request' | 'unsupported_grant_type' | 'invalid_scope' | 'invalid_client',
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export interface TokenGrant {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

export interface TokenRequest {
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

function field(body: Record<string, unknown> | undefined, name: string): string | undefined {
  const v = body?.[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new OAuthError(400, 'invalid_request', `${name} must be a string`);
  return v;
}

/** `Basic base64(urlencoded(id):urlencoded(secret))` (RFC 6749 2.3.1). */
function basicCredentials(header: string): { id: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=._-]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const formDecode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

export class TokenService {
  constructor(
    private readonly store: SandboxStore,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Issues a token, or throws an OAuthError the token endpoint renders per RFC 6749 5.2. */
  grant(req: TokenRequest): TokenGrant {
    const grantType = field(req.body, 'grant_type');
    const bodyId = field(req.body, 'client_id');
    const bodySecret = field(req.body, 'client_secret');
    const scopeText = field(req.body, 'scope');

    let id = bodyId;
    let secret = bodySecret;
    const basicUsed = req.authorization !== undefined && /^Basic\s/i.test(req.authorization);
    if (basicUsed) {
      if (bodyId !== undefined || bodySecret !== undefined) {
        throw new OAuthError(
          400,
          'invalid_request',
          'send the client credentials either in HTTP Basic or in the body, not both',
        );
      }
      const creds = basicCredentials(req.authorization as string);
      if (!creds) throw this.invalidClient(true, 'the Authorization header is not valid HTTP Basic');
      id = creds.id;
      secret = creds.secret;
    }
    if (grantType === undefined) throw new OAuthError(400, 'invalid_request', 'grant_type is required');
    if (grantType !== 'client_credentials') {
      throw new OAuthError(400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
    }
    if (!id || secret === undefined) throw this.invalidClient(basicUsed, 'client authentication is required');
    const clientId = id;
    const client = this.store.read(null, (tx) => tx.clients.get(clientId));
    if (!client || !sameSecret(secret, client.client_secret)) {
      throw this.invalidClient(basicUsed, 'unknown client or wrong secret');
    }
    const scopes = this.grantedScopes(client, scopeText);
    const token = `sbx_at_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const record: TokenRecord = {
      token_sha256: hashToken(token),
      client_id: client.client_id,
      condominium: client.condominium,
      scopes,
      expires_at: now + this.ttlSeconds * 1000,
    };
    this.store.write(null, (tx) => {
      tx.prepare('DELETE FROM access_tokens WHERE expires_at <= ?').run(now);
      tx.tokens.insert(record);
    });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: this.ttlSeconds,
      scope: scopes.join(' '),
    };
  }

  /** The live token and its client for a bearer token, or undefined (unknown, expired, or its client is gone). */
  lookup(token: string): { token: TokenRecord; client: ClientRecord } | undefined {
    const hash = hashToken(token);
    return this.store.read(null, (tx) => {
      const record = tx.tokens.get(hash);
      if (!record || record.expires_at <= this.now()) return undefined;
      const client = tx.clients.get(record.client_id);
      return client ? { token: record, client } : undefined;
    });
  }

  private grantedScopes(client: ClientRecord, requested: string | undefined): Scope[] {
    const asked = (requested ?? '').split(/\s+/).filter(Boolean);
    if (asked.length === 0) return [...client.scopes];
    const unknown = asked.filter((s) => !(client.scopes as string[]).includes(s));
    if (unknown.length > 0) {
      throw new OAuthError(400, 'invalid_scope', `scope not granted to this client: ${unknown.join(' ')}`);
    }
    return [...new Set(asked)] as Scope[];
  }

  private invalidClient(basicUsed: boolean, message: string): OAuthError {
    return new OAuthError(
      401,
      'invalid_client',
      message,
      basicUsed ? { 'www-authenticate': 'Basic realm="condo"' } : {},
    );
  }
}
