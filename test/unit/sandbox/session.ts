/** A sandbox on an ephemeral port with a temp data dir, and a small fetch wrapper that talks to it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxContext } from '../../../src/sandbox/http/context.js';
import {
  launchSandbox,
  type RunningSandbox,
  type SandboxClient,
  type SandboxOptions,
} from '../../../src/sandbox/index.js';
import { placeSeededDatabase } from '../../seeded-database.js';

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface Session {
  sandbox: RunningSandbox;
  dataDir: string;
  client(name: SandboxClient['name']): SandboxClient;
  /** a fresh access token for a client (optionally narrower scopes) */
  token(name?: SandboxClient['name'], scope?: string): Promise<string>;
  /** a call under /api/v1 */
  call(
    method: string,
    path: string,
    init?: {
      token?: string;
      json?: unknown;
      body?: string | FormData | URLSearchParams;
      headers?: Record<string, string>;
    },
  ): Promise<Reply>;
  /** a call under /api/v1/condominiums/{default's condominium} with the default client's token */
  api(
    method: string,
    path: string,
    init?: { token?: string; json?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  restart(extra?: Partial<SandboxOptions>): Promise<void>;
  close(): Promise<void>;
}

export async function sandboxSession(
  opts: Partial<SandboxOptions> = {},
  prepare?: (ctx: SandboxContext) => void,
): Promise<Session> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'condo-sandbox-')));
  // a data dir of the test's own, or a clock of its own, is seeded by the sandbox as it starts
  if (!opts.dataDir && !opts.now)
    await placeSeededDatabase(dataDir, new Date(), {
      bills: opts.bills ?? false,
      condominiums: opts.condominiums,
    });
  // Every answer is checked against its operation's declared response; closing fails on any mismatch.
  const violations: string[] = [];
  const checkResponses = (v: string) => violations.push(v);
  // Without this month's seeded bills unless asked (bills: true): the tests count the payables they create.
  let sandbox = await launchSandbox({ checkResponses, bills: false, ...opts, dataDir, port: 0 }, prepare);
  let defaultToken: string | undefined;

  const session: Session = {
    get sandbox() {
      return sandbox;
    },
    dataDir,
    client(name) {
      const c = sandbox.clients.find((x) => x.name === name);
      if (!c) throw new Error(`no client ${name}`);
      return c;
    },
    async token(name = 'default', scope) {
      const c = session.client(name);
      const r = await session.call('POST', '/oauth/token', {
        json: {
          grant_type: 'client_credentials',
          client_id: c.client_id,
          client_secret: c.client_secret,
          ...(scope ? { scope } : {}),
        },
      });
      if (r.status !== 200) throw new Error(`token: ${r.status} ${r.text}`);
      return r.body.access_token as string;
    },
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      const res = await fetch(`${sandbox.baseUrl}/api/v1${path}`, { method, headers, body: body ?? null });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async api(method, path, init = {}) {
      if (!init.token && !defaultToken) defaultToken = await session.token();
      const token = init.token ?? defaultToken;
      const slug = session.client('default').condominium;
      return session.call(method, `/condominiums/${slug}${path}`, { ...init, token });
    },
    async restart(extra = {}) {
      await sandbox.close();
      sandbox = await launchSandbox({ checkResponses, bills: false, ...opts, ...extra, dataDir, port: 0 });
    },
    async close() {
      await sandbox.close();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
      if (violations.length > 0)
        throw new Error(
          `answers that do not match the operations table:\n${[...new Set(violations)].join('\n')}`,
        );
    },
  };
  return session;
}
