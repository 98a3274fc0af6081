/**
 * What every route and hook shares: the store, the token and idempotency services, the clock and the options;
 * and what the hooks learn about one request (its token, client, condominium, rate-limit verdict).
 */
import type { ClientRecord, Scope, TokenRecord } from '../model.js';
import type { SandboxStore } from '../store.js';
import type { IdempotencyRecord, IdempotencyStore } from './idempotency.js';
import type { RateLimiter, RateLimitRule, RateLimitVerdict } from './rate-limit.js';
import type { TokenService } from './tokens.js';

export interface SandboxContext {
  store: SandboxStore;
  /** the server's own address once it listens (the boleto URLs use it) */
  baseUrl: string | null;
  /** Host names answered (null: any); see SandboxOptions.allowHosts. */
  allowedHosts: Set<string> | null;
  tokens: TokenService;
  idempotency: IdempotencyStore;
  rateLimiter: RateLimiter;
  rateLimit: RateLimitRule;
  ipRateLimit: RateLimitRule;
  now: () => Date;
  log: (line: string) => void;
  /** the spec alone: no extension operation, no extension field (SandboxOptions.specOnly) */
  specOnly?: boolean;
  /** pauses between webhook delivery attempts (default WEBHOOK_RETRY_DELAYS_MS in services/webhooks.ts) */
  webhookRetryDelaysMs?: readonly number[];
  /** how long one webhook delivery attempt may take (default 10 s) */
  webhookTimeoutMs?: number;
  /** addresses or CIDR ranges a webhook may be delivered to though the rule refuses them (`--webhook-allow`) */
  webhookAllow?: readonly string[];
  /** told of every answer that does not match its operation's declared response (tests) */
  checkResponses?: (violation: string) => void;
  /** handed every JSON answer an operation sends, errors included (tests validate them against the document) */
  observeAnswers?: (answer: {
    operation: string;
    method: string;
    url: string;
    status: number;
    body: string;
  }) => void;
}

export interface RequestState {
  token?: TokenRecord;
  client?: ClientRecord;
  /** the condominium's slug, set by the auth hook on routes under /condominiums/{condominium} */
  condominium?: string;
  rate?: RateLimitVerdict;
  idempotencyKey?: string;
  idempotency?: IdempotencyRecord;
  replayed?: boolean;
}

import type { BodyType } from '../../domain/operations.js';

export type { BodyType };

declare module 'fastify' {
  interface FastifyRequest {
    sandbox: RequestState;
  }
  interface FastifyContextConfig {
    /** the scope a call needs; routes with one require a bearer token bound to the path's condominium */
    scope?: Scope;
    /** accepted request body media types (default json) */
    bodyTypes?: BodyType[];
    /** 'auto' (default): JSON fingerprint before the handler; 'manual': the handler calls beginIdempotency */
    idempotency?: 'auto' | 'manual';
    /** errors rendered per RFC 6749 5.2 (the token endpoint) */
    oauth?: boolean;
    /** the operation of domain/operations.ts this route serves */
    operation?: string;
  }
}

/** The condominium (slug) the auth hook resolved (routes with a scope only). */
export function condominiumOf(request: { sandbox: RequestState }): string {
  const c = request.sandbox.condominium;
  if (!c) throw new Error('route without a scope asked for its condominium');
  return c;
}
