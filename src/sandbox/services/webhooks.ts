/**
 * Webhooks (docs/DESIGN.md "Webhooks"): subscriptions per condominium and the delivery of events to them.
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
 * 2 min, 10 min: six attempts in all), signed afresh each time. Every attempt is recorded
 * (`GET /webhooks/subscriptions/{id}/deliveries`).
 *
 * An event is a row of `webhook_deliveries` per subscription, written in the transaction of the change that
 * caused it, and sent once that transaction has committed, in the background. A delivery stays `pending`
 * until it succeeds or runs out of attempts, so a restarted server takes up the ones still due.
 */
import { randomBytes } from 'node:crypto';
import { monotonicUlids } from '../../domain/ulids.js';
import { WEBHOOK_EVENTS, webhookAddressRefusal, webhookSignature } from '../../domain/webhooks.js';
import type { Tx } from '../db/tx.js';
import type { PageOf, PageRequest } from '../db/where.js';
import type { SandboxContext } from '../http/context.js';
import type { WebhookAttempt, WebhookDelivery, WebhookSubscription } from '../model.js';

const newId = monotonicUlids();

export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Attempts kept per subscription (oldest dropped first). */
export const WEBHOOK_ATTEMPTS_KEPT = 1_000;
/** What a subscription may ask for: each event type, or `*` for all. */
export const SUBSCRIBABLE_EVENTS: readonly string[] = [...WEBHOOK_EVENTS, '*'];
/** Status and error text kept per attempt. */
const ERROR_TEXT_MAX = 300;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function createSubscription(
  tx: Tx,
  body: { url: string; events: string[] },
  now: Date,
): WebhookSubscription {
  return tx.subscriptions.insert({
    id: newId(),
    url: body.url,
    events: [...body.events],
    secret: newWebhookSecret(),
    created_at: now.toISOString(),
  });
}

/** Removes a subscription with its deliveries and recorded attempts (the foreign keys cascade). */
export function deleteSubscription(tx: Tx, id: string): boolean {
  const sub = tx.subscriptions.get(id);
  if (!sub) return false;
  tx.subscriptions.remove(sub);
  return true;
}

export function listSubscriptions(tx: Tx, page: PageRequest): PageOf<WebhookSubscription> {
  return tx.subscriptions.page(undefined, ['created_at', 'id'], page);
}

type AttemptRow = Omit<WebhookAttempt, 'ok'> & { ok: number };

/** A subscription's delivery attempts, newest first. */
export function listAttempts(tx: Tx, subscriptionId: string, page: PageRequest): PageOf<WebhookAttempt> {
  const total = (
    tx
      .prepare('SELECT count(*) AS n FROM webhook_attempts WHERE subscription_id = ?')
      .get(subscriptionId) as {
      n: number;
    }
  ).n;
  const rows = tx
    .prepare('SELECT * FROM webhook_attempts WHERE subscription_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
    .all(subscriptionId, page.per_page, (page.page - 1) * page.per_page) as AttemptRow[];
  return {
    data: rows.map((r) => ({ ...r, ok: r.ok === 1 })),
    meta: { ...page, total, last_page: Math.max(1, Math.ceil(total / page.per_page)) },
  };
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

/**
 * Records the event for every subscription of the condominium that wants it, in the caller's transaction;
 * the dispatcher sends them once it commits.
 */
export function emitEvent(ctx: SandboxContext, tx: Tx, type: string, data: unknown): WebhookEvent {
  const now = ctx.now();
  const event: WebhookEvent = {
    id: newId(),
    type,
    created_at: now.toISOString(),
    condominium: tx.requireScope(),
    data,
  };
  const body = JSON.stringify(event);
  let queued = 0;
  for (const sub of tx.subscriptions.find()) {
    if (!wantsEvent(sub, type)) continue;
    tx.deliveries.insert({
      delivery_id: newId(),
      subscription_id: sub.id,
      event_id: event.id,
      event: type,
      body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.getTime(),
      created_at: event.created_at,
    });
    queued++;
  }
  if (queued > 0) tx.afterCommit(() => webhookDispatcher(ctx).wake());
  return event;
}

interface DueDelivery {
  condominium: string;
  delivery_id: string;
  next_attempt_at: number;
}

/** Sends pending deliveries in the background, one dispatcher per server (see `webhookDispatcher`). */
export class WebhookDispatcher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private readonly settledWaiters = new Set<() => void>();
  private closed = false;

  constructor(private readonly ctx: SandboxContext) {}

  private get delays(): readonly number[] {
    return this.ctx.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  }

  /** Schedules every pending delivery not scheduled yet (at start, and after a transaction queued some). */
  wake(): void {
    if (this.closed) return;
    const due = this.ctx.store.read(
      null,
      (tx) =>
        tx
          .prepare(
            "SELECT condominium, delivery_id, next_attempt_at FROM webhook_deliveries WHERE status = 'pending' ORDER BY next_attempt_at",
          )
          .all() as DueDelivery[],
    );
    const now = this.ctx.now().getTime();
    for (const d of due) {
      if (!this.timers.has(d.delivery_id))
        this.schedule(d.condominium, d.delivery_id, Math.max(0, d.next_attempt_at - now));
    }
  }

  /** Stops pending retries and aborts deliveries in flight (the server is closing); they stay pending. */
  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const a of this.inFlight) a.abort();
    this.inFlight.clear();
    this.notifyIfSettled();
  }

  /**
   * Resolves once nothing is in flight or scheduled: every delivery delivered or out of retries. Tests wait on
   * this instead of sleeping and hoping that nothing more comes.
   */
  settled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.add(resolve));
  }

  private isSettled(): boolean {
    return this.timers.size === 0 && this.inFlight.size === 0;
  }

  private notifyIfSettled(): void {
    if (!this.isSettled()) return;
    for (const resolve of this.settledWaiters) resolve();
    this.settledWaiters.clear();
  }

  private schedule(slug: string, deliveryId: string, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(deliveryId);
      this.attempt(slug, deliveryId)
        .catch((err) =>
          this.ctx.log(`webhook delivery ${deliveryId} failed: ${(err as Error)?.stack ?? err}`),
        )
        .finally(() => this.notifyIfSettled());
    }, delayMs);
    timer.unref();
    this.timers.set(deliveryId, timer);
  }

  private async attempt(slug: string, deliveryId: string): Promise<void> {
    const found = this.ctx.store.read(slug, (tx) => {
      const delivery = tx.deliveries.get(deliveryId);
      const sub = delivery ? tx.subscriptions.get(delivery.subscription_id) : undefined;
      return delivery && sub && delivery.status === 'pending' ? { delivery, sub } : undefined;
    });
    if (!found || this.closed) return;
    const { delivery, sub } = found;
    const attempt = delivery.attempts + 1;
    const started = Date.now();
    const timestamp = Math.floor(this.ctx.now().getTime() / 1000);
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timeoutMs = this.ctx.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const timeout = setTimeout(() => abort.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const net = await guardedNet(this.ctx);
      const res = await net.fetch(sub.url, {
        dispatcher: net.dispatcher,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'condo-sandbox-webhooks/1',
          'x-condo-event': delivery.event,
          'x-condo-delivery': delivery.delivery_id,
          'x-condo-signature': webhookSignature(sub.secret, timestamp, delivery.body),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: abort.signal,
      } as RequestInit);
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
    const now = this.ctx.now();
    const nextAt = delay === undefined ? null : now.getTime() + delay;
    const recorded = this.ctx.store.write(slug, (tx) =>
      recordAttempt(
        tx,
        delivery.delivery_id,
        {
          attempt,
          status_code: status,
          error: error === null ? null : error.slice(0, ERROR_TEXT_MAX),
          ok,
          at: now.toISOString(),
          duration_ms: Date.now() - started,
          next_attempt_at: nextAt === null ? null : new Date(nextAt).toISOString(),
        },
        nextAt,
      ),
    );
    if (recorded && nextAt !== null && delay !== undefined) this.schedule(slug, delivery.delivery_id, delay);
  }
}

/** Records one attempt and what it means for the delivery; false when the subscription went meanwhile. */
function recordAttempt(
  tx: Tx,
  deliveryId: string,
  a: Omit<WebhookAttempt, 'delivery_id' | 'subscription_id' | 'event_id' | 'event'>,
  nextAt: number | null,
): boolean {
  const delivery: WebhookDelivery | undefined = tx.deliveries.get(deliveryId);
  if (!delivery) return false; // deleted with its subscription while the request was out
  delivery.attempts = a.attempt;
  delivery.status = a.ok ? 'delivered' : nextAt === null ? 'failed' : 'pending';
  delivery.next_attempt_at = nextAt;
  tx.recordWebhookAttempt({
    ...a,
    delivery_id: delivery.delivery_id,
    subscription_id: delivery.subscription_id,
    event_id: delivery.event_id,
    event: delivery.event,
  });
  tx.prepare(
    `DELETE FROM webhook_attempts WHERE subscription_id = ? AND id <= (
       SELECT id FROM webhook_attempts WHERE subscription_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  ).run(delivery.subscription_id, delivery.subscription_id, WEBHOOK_ATTEMPTS_KEPT);
  return true;
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

type GuardedNet = { dispatcher: unknown; fetch: typeof globalThis.fetch };
/** One guarded connection pool per sandbox: each has its own `--webhook-allow` list. */
const guarded = new WeakMap<SandboxContext, Promise<GuardedNet>>();

/**
 * Deliveries go through a connection whose every resolved address is checked before it is connected to (#30):
 * a name that resolves to a link-local or metadata address is refused after DNS, with no window between the
 * check and the connection.
 */
function guardedNet(ctx: SandboxContext): Promise<GuardedNet> {
  let net = guarded.get(ctx);
  if (!net) {
    net = (async () => {
      const [{ Agent, fetch: undiciFetch }, { lookup }] = await Promise.all([
        import('./webhook-net.js'),
        import('node:dns'),
      ]);
      return {
        dispatcher: new Agent({
          connect: { lookup: checkedLookup(lookup as unknown as Lookup, ctx.webhookAllow) as never },
        }),
        fetch: undiciFetch as unknown as typeof globalThis.fetch,
      };
    })();
    guarded.set(ctx, net);
  }
  return net;
}

type Lookup = (
  hostname: string,
  options: object,
  callback: (err: Error | null, address: string | { address: string }[], family?: number) => void,
) => void;

/** A DNS lookup whose every answer is judged by the webhook address rule before anything connects to it. */
export function checkedLookup(lookup: Lookup, allowed: readonly string[] = []): Lookup {
  return (hostname, options, callback) => {
    lookup(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      for (const a of addresses) {
        const refused = webhookAddressRefusal(a, allowed);
        if (refused)
          return callback(
            Object.assign(new Error(`${hostname} resolves to ${refused}`), { code: 'EREFUSEDADDRESS' }),
            address,
            family,
          );
      }
      callback(null, address, family);
    });
  };
}
