import { afterAll, beforeAll } from 'vitest';
import { type Client, createClient } from '../../../src/client/index.js';
import { launchSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';

/**
 * The real sandbox served in this process for a file of use-case tests, and a client of its widest-scoped seeded
 * client: a use-case is called as a face other than the CLI would call it. Read its fields inside a test.
 */
export function servedSandbox() {
  const served = {} as { sandbox: RunningSandbox; client: Client; condominium: string };
  beforeAll(async () => {
    served.sandbox = await launchSandbox({ dataDir: null, port: 0 });
    const admin = [...served.sandbox.clients].sort((a, b) => b.scopes.length - a.scopes.length)[0];
    if (!admin) throw new Error('the sandbox seeded no client');
    served.condominium = admin.condominium;
    served.client = createClient({
      baseUrl: served.sandbox.baseUrl,
      condominium: admin.condominium,
      clientId: admin.client_id,
      clientSecret: admin.client_secret,
      scopes: admin.scopes,
    });
  });
  afterAll(async () => {
    await served.client?.close();
    await served.sandbox?.close();
  });
  return served;
}
