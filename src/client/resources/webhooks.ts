/** Webhook subscriptions (webhooks.manage): where the service sends signed events. */
import type { ApiCore } from '../client.js';
import type { ListResult } from '../types.js';

export interface WebhookSubscription {
  id: string;
  url: string;
  events: string[];
  /** Shown once, in the response to the create call. */
  secret?: string;
  created_at?: string;
  [extra: string]: unknown;
}

export interface WebhooksApi {
  list(): Promise<ListResult<WebhookSubscription>>;
  create(
    body: { url: string; events: string[] },
    opts?: { idempotencyKey?: string },
  ): Promise<WebhookSubscription>;
  delete(id: string, opts?: { idempotencyKey?: string }): Promise<void>;
}

const one = (id: string) => `/webhooks/subscriptions/${encodeURIComponent(id)}`;

export function webhooks(api: ApiCore): WebhooksApi {
  return {
    list: () => api.list<WebhookSubscription>('/webhooks/subscriptions', {}, { all: true }),
    create: async (body, o = {}) =>
      (
        await api.request<WebhookSubscription>({
          method: 'POST',
          path: '/webhooks/subscriptions',
          body,
          idempotencyKey: o.idempotencyKey,
        })
      ).data,
    delete: async (id, o = {}) => {
      await api.request({ method: 'DELETE', path: one(id), idempotencyKey: o.idempotencyKey });
    },
  };
}
