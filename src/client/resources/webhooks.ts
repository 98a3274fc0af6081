/** Webhook subscriptions (webhooks.manage): where the service sends signed events. */
import type { ApiCore, ListResult } from '../types.js';
import { read, route } from './endpoint.js';
import { write } from './write.js';

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
  get(id: string): Promise<WebhookSubscription>;
  delete(id: string, opts?: { idempotencyKey?: string }): Promise<void>;
  /** A subscription's delivery attempts, newest first. */
  deliveries(id: string): Promise<ListResult<WebhookAttempt>>;
}

export interface WebhookAttempt {
  delivery_id: string;
  event: string;
  attempt: number;
  ok: boolean;
  status_code: number | null;
  error: string | null;
  next_attempt_at: string | null;
  [extra: string]: unknown;
}

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
