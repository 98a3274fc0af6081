/** Webhook subscriptions (webhooks.manage): where the service sends signed events. */

import type * as R from '../../domain/responses.js';
import type { ApiCore, ListResult, Tolerant } from '../types.js';
import { read, route } from './endpoint.js';
import { write } from './write.js';

/** A subscription; its secret is shown once, in the answer to the create call. */
export type WebhookSubscription = Tolerant<typeof R.WebhookSubscriptionCreated, 'id' | 'url' | 'events'>;

export interface WebhooksApi {
  list(): Promise<ListResult<WebhookSubscription>>;
  create(
    body: { url: string; events: string[] },
    opts?: { idempotencyKey?: string },
  ): Promise<WebhookSubscription>;
  get(id: string): Promise<WebhookSubscription>;
  delete(id: string, opts?: { idempotencyKey?: string }): Promise<void>;
  /** A subscription's delivery attempts, newest first. */
  deliveries(id: string): Promise<ListResult<WebhookAttempt>>;
}

export type WebhookAttempt = Tolerant<
  typeof R.WebhookAttempt,
  'delivery_id' | 'event' | 'attempt' | 'ok' | 'status_code' | 'error' | 'next_attempt_at'
>;

export function webhooks(api: ApiCore): WebhooksApi {
  return {
    list: () => api.list<WebhookSubscription>(route('listWebhookSubscriptions').path, {}, { all: true }),
    create: async (body, o = {}) =>
      (
        await api.request<WebhookSubscription>({
          ...route('createWebhookSubscription'),
          body,
          idempotencyKey: o.idempotencyKey,
        })
      ).data,
    get: async (id) => read<WebhookSubscription>(api, route('getWebhookSubscription', { id })),
    delete: async (id, o = {}) => {
      await write<unknown>(api, route('deleteWebhookSubscription', { id }), undefined, o);
    },
    deliveries: (id) =>
      api.list<WebhookAttempt>(route('listWebhookDeliveries', { id }).path, {}, { all: true }),
  };
}
