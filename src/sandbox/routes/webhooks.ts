/**
 * Webhook subscriptions (webhooks.manage), under the condominium:
 *
 *   GET    /webhooks/subscriptions                  list (no secrets)
 *   POST   /webhooks/subscriptions                  {url, events} -> 201 with the secret, shown this once
 *   GET    /webhooks/subscriptions/{id}             one (no secret)
 *   DELETE /webhooks/subscriptions/{id}             204; pending retries stop
 *   GET    /webhooks/subscriptions/{id}/deliveries  the delivery attempts, newest first
 *
 * Deliveries themselves: services/webhooks.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '../../domain/request-bodies.js';
import { webhookAddressRefusal } from '../../domain/webhooks.js';
import type { Tx } from '../db/tx.js';
import type { SandboxContext } from '../http/context.js';
import { notFound, validationFailed } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { commit, created, noContent, readTx } from '../http/transaction.js';
import type { WebhookAttempt, WebhookSubscription } from '../model.js';
import {
  createSubscription,
  deleteSubscription,
  listAttempts,
  listSubscriptions,
  SUBSCRIBABLE_EVENTS,
  webhookDispatcher,
} from '../services/webhooks.js';

const URL_MAX = 2048;
const EVENTS_MAX = 20;

export const subscriptionView = (s: WebhookSubscription) => ({
  id: s.id,
  url: s.url,
  events: [...s.events],
  created_at: s.created_at,
});

export const attemptView = (a: WebhookAttempt) => ({
  delivery_id: a.delivery_id,
  event_id: a.event_id,
  event: a.event,
  attempt: a.attempt,
  ok: a.ok,
  status_code: a.status_code,
  error: a.error,
  at: a.at,
  duration_ms: a.duration_ms,
  next_attempt_at: a.next_attempt_at,
});

/** `{url, events}` checked field by field: an http(s) URL and known event types. */
export function readSubscriptionBody(
  body: unknown,
  allowed: readonly string[] = [],
): { ok: true; value: { url: string; events: string[] } } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, fields: { body: ['must be a JSON object with url and events'] } };
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b))
    if (key !== 'url' && key !== 'events') fields[key] = ['is not a field of a subscription'];
  let url = '';
  if (typeof b.url !== 'string' || b.url.trim() === '') fields.url = ['is required (an http or https URL)'];
  else if (b.url.length > URL_MAX) fields.url = [`must be at most ${URL_MAX} characters`];
  else {
    try {
      const u = new URL(b.url.trim());
      if (u.protocol !== 'http:' && u.protocol !== 'https:') fields.url = ['must be an http or https URL'];
      else if (!u.hostname) fields.url = ['must name a host'];
      // credentials in the URL would be kept and listed as given (#53): a receiver checks the signature instead
      else if (u.username || u.password)
        fields.url = ['must not carry a user or password (the delivery is signed: X-Condo-Signature)'];
      else {
        // a literal address is judged now; a name when it is resolved, at each delivery
        const refused = webhookAddressRefusal(u.hostname, allowed);
        if (refused) fields.url = [refused];
        else url = u.toString();
      }
    } catch {
      fields.url = ['is not a URL'];
    }
  }
  let events: string[] = [];
  if (!Array.isArray(b.events) || b.events.length === 0) {
    fields.events = [`is required: a list of ${SUBSCRIBABLE_EVENTS.join(', ')}`];
  } else if (b.events.length > EVENTS_MAX) {
    fields.events = [`must list at most ${EVENTS_MAX} events`];
  } else {
    const bad = b.events.filter((e) => typeof e !== 'string' || !SUBSCRIBABLE_EVENTS.includes(e));
    if (bad.length > 0) {
      fields.events = [
        `unknown event ${bad.map((e) => JSON.stringify(e)).join(', ')} (known: ${SUBSCRIBABLE_EVENTS.join(', ')})`,
      ];
    } else events = [...new Set(b.events as string[])];
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { url, events } };
}

function findSubscription(tx: Tx, id: string): WebhookSubscription {
  const sub = tx.subscriptions.get(id);
  if (!sub) throw notFound('webhook_subscription');
  return sub;
}

export function webhooksRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // pending retries and deliveries in flight end with the server
  app.addHook('onClose', async () => webhookDispatcher(ctx).close());

  serve(app, 'listWebhookSubscriptions', async ({ request, query: q }) => {
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listSubscriptions(tx, page));
    return { ...list, data: list.data.map(subscriptionView) };
  });

  serve(app, 'createWebhookSubscription', async ({ request, reply, body: input }) => {
    const body = readSubscriptionBody(input(), ctx.webhookAllow);
    if (!body.ok) throw validationFailed(body.fields);
    const value = body.value;
    return commit(ctx, request, reply, (tx) => {
      const sub = createSubscription(tx, value, ctx.now());
      return created({ data: { ...subscriptionView(sub), secret: sub.secret } });
    });
  });

  serve(app, 'getWebhookSubscription', async ({ request, params }) => ({
    data: subscriptionView(readTx(ctx, request, (tx) => findSubscription(tx, params.id))),
  }));

  serve(app, 'deleteWebhookSubscription', async ({ request, reply, params }) => {
    return commit(ctx, request, reply, (tx) => {
      if (!deleteSubscription(tx, params.id)) throw notFound('webhook_subscription');
      return noContent;
    });
  });

  serve(app, 'listWebhookDeliveries', async ({ request, params, query: q }) => {
    const page = q.page();
    q.done();
    const list = readTx(ctx, request, (tx) => listAttempts(tx, findSubscription(tx, params.id).id, page));
    return { ...list, data: list.data.map(attemptView) };
  });
}
