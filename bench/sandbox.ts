// The sandbox as the benches use it: a data dir seeded straight through its store, `condo sandbox start` on it
// in its own process, a token, and a timed API call. Shared by bench/store.ts and bench/transfer.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { monotonicFactory } from 'ulid';
import { SandboxStore, TEST_CONDOMINIUM } from '../src/sandbox/index.js';

/** The CLI, from the bundle's place in node_modules/.cache/condo-bench. */
export const bin = join(import.meta.dirname, '..', '..', '..', 'bin', 'condo.js');

export interface Server {
  child: ChildProcess;
  base: string;
  token: string;
  paymentAccount: number;
  env: NodeJS.ProcessEnv;
  /** The profile `sandbox start` wrote for it in `env`'s config dir. */
  profile: string;
}

/**
 * A data dir with `extra` TED payables to supplier 2 written straight into its database (SQL: creating them over
 * HTTP would take minutes), in the state `stateOf(i)` gives (a third paid, the rest pending, by default).
 */
export async function seeded(
  root: string,
  name: string,
  extra: number,
  stateOf: (i: number) => string = (i) => (i % 3 ? 'pending' : 'paid'),
): Promise<string> {
  const dataDir = join(root, name);
  const store = SandboxStore.open(dataDir);
  const id = monotonicFactory();
  const now = new Date().toISOString();
  store.write(TEST_CONDOMINIUM, (tx) => {
    const insert = tx.prepare(
      `INSERT INTO payables (condominium, public_id, supplier_id, chart_of_accounts_id, payee_name, amount,
         forma_pagamento, due_date, description, state, created_at, updated_at)
       VALUES (?, ?, 2, 24, 'Limpeza', ?, 'ted', ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < extra; i++) {
      const due = `20${30 + (i % 10)}-${String((i % 12) + 1).padStart(2, '0')}-10`;
      insert.run(TEST_CONDOMINIUM, id(), 1_000 + i, due, `Seeded ${i}`, stateOf(i), now, now);
    }
  });
  store.close();
  return dataDir;
}

/** `condo sandbox start` on the data dir, in its own process, with no rate limit to speak of; a token for it. */
export async function serve(dataDir: string): Promise<Server> {
  const env = {
    ...process.env,
    CONDO_CONFIG_DIR: join(dataDir, '..', `${dataDir.split('/').pop()}-config`),
    CI: '1',
  };
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', 'start', '--port', '0', '--data-dir', dataDir, '--rate-limit', '1000000/60'],
    { env, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const base = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (c) => resolve(String(c).trim())),
  );
  const creds = JSON.parse(
    spawnSync(process.execPath, [bin, 'sandbox', 'credentials', '--data-dir', dataDir, '--json'], {
      env,
      encoding: 'utf8',
    }).stdout,
  );
  const client = creds.clients.find((c: { name: string }) => c.name === 'default');
  const grant = await fetch(`${base}/api/v1/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    }),
  });
  const token = ((await grant.json()) as { access_token: string }).access_token;
  const accounts = (await (
    await fetch(`${base}/api/v1/condominiums/${TEST_CONDOMINIUM}/bank-accounts`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { id: number; is_payment_account: boolean }[] };
  const paymentAccount = accounts.data.find((a) => a.is_payment_account)?.id ?? 1;
  // a sandbox on another port than 4010 writes profile sandbox-<port>
  return { child, base, token, paymentAccount, env, profile: `sandbox-${new URL(base).port}` };
}

export async function call(s: Server, method: string, path: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${s.base}/api/v1/condominiums/${TEST_CONDOMINIUM}${path}`, {
    method,
    headers: { authorization: `Bearer ${s.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status}`);
  return performance.now() - t0;
}
