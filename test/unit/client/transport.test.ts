import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { createTransport, oneShot, type Transport } from '../../../src/client/transport.js';
import { TransportError, type WireRequest } from '../../../src/client/wire.js';

/**
 * The bottom of the pipeline without a proxy (Node's own http client, #31): each wait undici kept, and each way a
 * connection fails, told apart as the retry layer needs them (never sent, no answer, cut off). Raw servers stand
 * in for the network's failures, which no real server produces on demand.
 */

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

function transport(timeoutMs = 300): Transport {
  const t = createTransport({ timeoutMs, proxyEnv: {} });
  opened.push(t);
  return t;
}

async function listen<S extends Server | ReturnType<typeof createHttpServer>>(server: S): Promise<URL> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  opened.push({
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  });
  const { port } = server.address() as { port: number };
  return new URL(`http://127.0.0.1:${port}/x`);
}

const httpServer = (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
  listen(createHttpServer(handler));

const get = (url: URL, extra: Partial<WireRequest> = {}): WireRequest => ({
  method: 'GET',
  url,
  headers: {},
  ...extra,
});

async function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TransportError);
  return err as TransportError;
}

describe('answers', () => {
  test('a buffered answer: status, lower-case headers, the body; one connection kept for the next call', async () => {
    const url = await httpServer((req, res) => {
      res.setHeader('X-Client-Port', String(req.socket.remotePort));
      res.end('hello');
    });
    const t = transport();
    const ports = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await t.send(get(url));
      expect(res.status).toBe(200);
      expect(res.bytes?.toString()).toBe('hello');
      ports.add(res.headers['x-client-port'] ?? '');
    }
    expect(ports.size).toBe(1);
  });

  test('a streamed answer is handed over as it comes; an error status is read whole', async () => {
    const url = await httpServer((req, res) => {
      if (req.url === '/x') {
        res.write('part 1, ');
        setTimeout(() => res.end('part 2'), 50);
      } else {
        res.statusCode = 404;
        res.end('{"error":{"code":"not_found"}}');
      }
    });
    const t = transport();
    const streamed = await t.send(get(url, { stream: true }));
    expect(streamed.bytes).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const c of streamed.stream ?? []) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('part 1, part 2');
    const missing = await t.send(get(new URL('/y', url), { stream: true }));
    expect(missing.status).toBe(404);
    expect(missing.bytes?.toString()).toContain('not_found');
  });

  test('an upload from a stream goes with its length, and the server may take longer than the timeout to answer it', async () => {
    const url = await httpServer((req, res) => {
      let received = 0;
      req.on('data', (c: Buffer) => {
        received += c.length;
      });
      // the server's work on what it took in: longer than the 300 ms timeout, within its two seconds per MiB
      req.on('end', () => setTimeout(() => res.end(`${req.headers['content-length']} ${received}`), 600));
    });
    const size = 1_048_576;
    const res = await transport().send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/octet-stream' },
      body: oneShot(Readable.from([Buffer.alloc(size / 2), Buffer.alloc(size / 2)]), 'x', size),
    });
    expect(res.bytes?.toString()).toBe(`${size} ${size}`);
  });
});

describe('failures, told apart', () => {
  test('nobody listening: a network failure that was never sent (safe to send again)', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    const err = await failureOf(transport().send(get(new URL(`http://127.0.0.1:${port}/`))));
    expect(err).toMatchObject({ kind: 'network', causeCode: 'ECONNREFUSED', sent: false });
  });

  test('a server that never answers: a timeout after the wait, the request sent', async () => {
    const url = await listen(createServer(() => {}));
    const started = performance.now();
    const err = await failureOf(transport(300).send(get(url)));
    expect(err).toMatchObject({ kind: 'timeout', sent: true });
    expect(err.message).toBe('timed out after 300 ms');
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  test('a streamed answer that stalls half-way ends in a timeout, not a hang', async () => {
    const url = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only part of it');
    });
    const res = await transport(300).send(get(url, { stream: true }));
    const read = (async () => {
      for await (const _ of res.stream ?? []);
    })();
    await expect(read).rejects.toThrow('timed out');
  });

  test('a connection cut after the request went out: a network failure the server may have acted on', async () => {
    const url = await listen(
      createServer((socket) => {
        socket.once('data', () => socket.destroy());
      }),
    );
    const err = await failureOf(transport().send({ ...get(url), method: 'POST', body: Buffer.from('{}') }));
    expect(err).toMatchObject({ kind: 'network', causeCode: 'ECONNRESET', sent: true });
  });

  test('the caller’s signal ends a request at once; a closed transport sends nothing', async () => {
    const url = await listen(createServer(() => {}));
    const t = transport(5_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await t.send(get(url, { signal: controller.signal })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'interrupted' });
    await t.close();
    expect(await failureOf(t.send(get(url)))).toMatchObject({ message: 'client closed', sent: true });
  });
});
