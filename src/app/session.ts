/**
 * The API session itself: a valid access token (the client's own, refreshed where it ran out), and a request as a
 * person wrote it (`condo api`, for what no verb covers yet), through the client's whole pipeline.
 */
import type { Client } from '../client/index.js';
import type { ClientOptions } from '../client/types.js';

export const accessToken = (client: Client) => client.token();

export const rawRequest = (client: Client, request: Parameters<Client['request']>[0]) =>
  client.request(request);

/** What a login needs to know of the server before it keeps anything: the token, and the condominium's name. */
export interface LoginCheck {
  token: Awaited<ReturnType<Client['token']>>;
  /** where the server gives it (scope cadastros.read), so a write names it with no call */
  condominiumName: string | undefined;
}

/**
 * Credentials not yet kept tried against their server: a token (a wrong secret is refused here, before anything
 * is written) and the condominium's name. The client made for it is closed after.
 */
export async function tryCredentials(options: ClientOptions): Promise<LoginCheck> {
  const { createClient } = await import('../client/index.js');
  const client = createClient(options);
  try {
    const token = await client.token();
    const condominiumName = await client.condominiums
      .get()
      .then((c) => (typeof c.name === 'string' && c.name ? c.name : undefined))
      .catch(() => undefined);
    return { token, condominiumName };
  } finally {
    await client.close();
  }
}

/**
 * Whether a server answers the API's liveness check (GET /api/v1/ping) within 2 s, asked through the client every
 * command uses, with no retry: a refused connection is known at once.
 */
export async function answersPing(options: Omit<ClientOptions, 'retry' | 'timeoutMs'>): Promise<boolean> {
  const { createClient } = await import('../client/index.js');
  const client = createClient({ ...options, retry: { budgetMs: 0 }, timeoutMs: 2000 });
  try {
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}
