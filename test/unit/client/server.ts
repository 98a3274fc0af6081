/**
 * A tiny scripted HTTP server on port 0 for the client's layer tests: each test decides, per request, what the
 * "API" answers, including failures a real server will not produce on demand (resets, slowness, 5xx, 429).
 * The token endpoint answers by default with numbered tokens; a test may take it over.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ClientOptions, createClient } from '../../../src/client/index.js';

export interface Seen {
  method: string;
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  raw: Buffer;
  at: number;
}

export type Handler = (req: Seen, res: ServerResponse, n: number) => void | Promise<void>;

export const SECRET = 's3cr3t-Very-Private-Value';
export const CLIENT_ID = 'client-123';

export interface TestServer {
  baseUrl: string;
  /** Every API request (the token endpoint's are in `tokenRequests`). */
  seen: Seen[];
  tokenRequests: Seen[];
  tokensIssued: string[];
  /** Replaces the API handler. */
  handle(h: Handler): void;
  /** Replaces the token endpoint handler. */
  handleToken(h: Handler): void;
  close(): Promise<void>;
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_req, res) => json(res, 200, { data: {} }));
  const seen: Seen[] = [];
  const tokenRequests: Seen[] = [];
  const tokensIssued: string[] = [];
  let tokenHandler: Handler = (_req, res) => {
    const token = `tok-${tokensIssued.length + 1}-${Math.random().toString(36).slice(2, 10)}`;
    tokensIssued.push(token);
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'payments.read' });
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://x');
    const s: Seen = {
      method: req.method ?? '',
      path: url.pathname,
      url,
      headers: req.headers,
      body: raw.toString('utf8'),
      raw,
      at: Date.now(),
    };
    try {
      if (url.pathname === '/api/v1/oauth/token') {
        tokenRequests.push(s);
        await tokenHandler(s, res, tokenRequests.length);
      } else {
        seen.push(s);
        await handler(s, res, seen.length);
      }
    } catch (err) {
      if (!res.headersSent) json(res, 599, { error: { code: 'test_bug', message: String(err) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    tokenRequests,
    tokensIssued,
    handle: (h) => {
      handler = h;
    },
    handleToken: (h) => {
      tokenHandler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A client for the test server with tiny retry delays and a short timeout. */
export function clientFor(server: TestServer, extra: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: server.baseUrl,
    condominium: 'residencial-aurora',
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    retry: { retries: 3, minDelayMs: 1, maxDelayMs: 5 },
    timeoutMs: 2000,
    ...extra,
  });
}

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
