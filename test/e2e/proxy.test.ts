import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Session, sandboxSession } from './harness.js';

/** HTTP_PROXY and NO_PROXY are honoured: calls tunnel through the proxy (CONNECT) unless the host is excluded. */

let s: Session;
let proxy: Server;
let proxyUrl: string;
let tunnels = 0;

beforeAll(async () => {
  s = await sandboxSession();
  proxy = createServer((_req, res) => res.writeHead(502).end());
  proxy.on('connect', (req, client, head) => {
    tunnels++;
    const [host, port] = String(req.url).split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('proxy did not listen');
  proxyUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  proxy.close();
  await s.close();
});

test('calls go through HTTP_PROXY, and not when NO_PROXY names the host', async () => {
  const before = tunnels;
  const viaProxy = await s.condo.run('payables list', {
    env: { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl },
  });
  expect(viaProxy.exitCode, viaProxy.stderr).toBe(0);
  expect(tunnels).toBeGreaterThan(before);

  const after = tunnels;
  const direct = await s.condo.run('payables list', {
    env: { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' },
  });
  expect(direct.exitCode, direct.stderr).toBe(0);
  expect(tunnels).toBe(after);
});
