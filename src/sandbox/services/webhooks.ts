/**
 * Webhooks (DESIGN.md "Webhooks"): subscriptions per condominium and the delivery of events to them.
 *
 * An event is `{id, type, created_at, condominium, data}`, POSTed as JSON to each subscription that wants its
 * type (or `*`), with
 *
 *   X-Condo-Event: bank.statement.imported
 *   X-Condo-Delivery: <ULID, the same on every attempt of this event to this subscription>
 *   X-Condo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>   (src/domain/webhooks.ts)
 *
 * A 2xx answer is a success; anything else (another status, a redirect, a connection error, no answer within
 * the timeout) is retried after each pause of the schedule (`webhookRetryDelaysMs`, default 1 s, 5 s, 30 s,
 * 2 min, 10 min: six attempts in all), signed afresh each time. Every attempt is recorded on the condominium
 * (`GET /webhooks/subscriptions/{id}/deliveries`). Deliveries run in the background, never inside the request
 * that caused the event; pending retries live in memory and end with the server.
 */
import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import { WEBHOOK_EVENTS, webhookSignature } from '../../domain/webhooks.js';
import type { SandboxContext } from '../http/context.js';
import type { Condominium, WebhookAttempt, WebhookSubscription } from '../model.js';

const newId = monotonicFactory();

export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Attempts kept per condominium (oldest dropped first). */
export const WEBHOOK_ATTEMPTS_KEPT = 1_000;
/** What a subscription may ask for: each event type, or `*` for all. */
export const SUBSCRIBABLE_EVENTS: readonly string[] = [...WEBHOOK_EVENTS, '*'];
/** Status and error text kept per attempt. */
const ERROR_TEXT_MAX = 300;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function createSubscription(
  condo: Condominium,
  body: { url: string; events: string[] },
  now: Date,
): WebhookSubscription {
  const sub: WebhookSubscription = {
    id: newId(),
    url: body.url,
    events: [...body.events],
    secret: newWebhookSecret(),
    created_at: now.toISOString(),
  };
  condo.webhook_subscriptions.push(sub);
  return sub;
}

/** Removes a subscription and its recorded attempts; its pending retries find it gone and stop. */
export function deleteSubscription(condo: Condominium, id: string): boolean {
  const index = condo.webhook_subscriptions.findIndex((s) => s.id === id);
  if (index < 0) return false;
  condo.webhook_subscriptions.splice(index, 1);
  condo.webhook_attempts = condo.webhook_attempts.filter((a) => a.subscription_id !== id);
  return true;
}

export const wantsEvent = (sub: WebhookSubscription, type: string) =>
  sub.events.includes('*') || sub.events.includes(type);

export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  condominium: string;
  data: unknown;
}

interface Delivery {
  slug: string;
  subscriptionId: string;
  deliveryId: string;
  event: WebhookEvent;
  body: string;
}

/** Sends events in the background, one dispatcher per server (see `webhookDispatcher`). */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly ctx: SandboxContext) {}

  private get delays(): readonly number[] {
    return this.ctx.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  }

  /** Queues the event for every subscription of the condominium that wants it; returns the event. */
  emit(condo: Condominium, type: string, data: unknown): WebhookEvent {
    const event: WebhookEvent = {
      id: newId(),
      type,
      created_at: this.ctx.now().toISOString(),
      condominium: condo.slug,
      data,
    };
    const body = JSON.stringify(event);
    for (const sub of condo.webhook_subscriptions) {
      if (!wantsEvent(sub, type)) continue;
      this.schedule({ slug: condo.slug, subscriptionId: sub.id, deliveryId: newId(), event, body }, 1, 0);
    }
    return event;
  }

  /** Stops pending retries and aborts deliveries in flight (the server is closing). */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const a of this.inFlight) a.abort();
    this.inFlight.clear();
  }

  private schedule(delivery: Delivery, attempt: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(delivery, attempt).catch((err) =>
        this.ctx.log(`webhook delivery ${delivery.deliveryId} failed: ${(err as Error)?.stack ?? err}`),
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(delivery: Delivery, attempt: number): Promise<void> {
    const condo = this.ctx.store.condominium(delivery.slug);
    const sub = condo?.webhook_subscriptions.find((s) => s.id === delivery.subscriptionId);
    if (!condo || !sub || this.closed) return;
    const started = Date.now();
    const timestamp = Math.floor(this.ctx.now().getTime() / 1000);
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timeoutMs = this.ctx.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const timeout = setTimeout(() => abort.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(sub.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'condo-sandbox-webhooks/1',
          'x-condo-event': delivery.event.type,
          'x-condo-delivery': delivery.deliveryId,
          'x-condo-signature': webhookSignature(sub.secret, timestamp, delivery.body),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: abort.signal,
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (status < 200 || status > 299) error = `the receiver answered ${status}`;
    } catch (err) {
      error = describeFetchError(err, abort.signal);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(abort);
    }
    if (this.closed) return;
    const ok = error === null;
    const delay = ok ? undefined : this.delays[attempt - 1];
    const record: WebhookAttempt = {
      delivery_id: delivery.deliveryId,
      subscription_id: sub.id,
      event_id: delivery.event.id,
      event: delivery.event.type,
      attempt,
      status_code: status,
      error: error === null ? null : error.slice(0, ERROR_TEXT_MAX),
      ok,
      at: this.ctx.now().toISOString(),
      duration_ms: Date.now() - started,
      next_attempt_at: delay === undefined ? null : new Date(this.ctx.now().getTime() + delay).toISOString(),
    };
    // the subscription may have been deleted while the request was out
    if (!condo.webhook_subscriptions.includes(sub)) return;
    condo.webhook_attempts.push(record);
    if (condo.webhook_attempts.length > WEBHOOK_ATTEMPTS_KEPT) {
      condo.webhook_attempts.splice(0, condo.webhook_attempts.length - WEBHOOK_ATTEMPTS_KEPT);
    }
    if (delay !== undefined) this.schedule(delivery, attempt + 1, delay);
    this.ctx.store.save().catch((err) => this.ctx.log(`snapshot after a webhook attempt: ${err}`));
  }
}

function describeFetchError(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    return reason?.message ?? 'aborted';
  }
  const e = err as Error & { cause?: { code?: string; message?: string } };
  const cause = e.cause?.code ?? e.cause?.message;
  return cause ? `${e.message}: ${cause}` : (e.message ?? String(err));
}

const dispatchers = new WeakMap<SandboxContext, WebhookDispatcher>();

/** The dispatcher of a server's context, made on first use. */
export function webhookDispatcher(ctx: SandboxContext): WebhookDispatcher {
  let d = dispatchers.get(ctx);
  if (!d) {
    d = new WebhookDispatcher(ctx);
    dispatchers.set(ctx, d);
  }
  return d;
}
