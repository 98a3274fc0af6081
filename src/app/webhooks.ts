/** Webhook subscriptions: listed, made (its secret shown once, by the server), and removed. */
import type { Client } from '../client/index.js';

export const webhooksList = (client: Client) => client.webhooks.list();

export const subscribe = (client: Client, body: Parameters<Client['webhooks']['create']>[0]) =>
  client.webhooks.create(body);

export const unsubscribe = (client: Client, id: string) => client.webhooks.delete(id);
