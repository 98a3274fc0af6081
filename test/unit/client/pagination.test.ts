import { afterEach, describe, expect, test } from 'vitest';
import type { Client } from '../../../src/client/index.js';
import { ApiError } from '../../../src/domain/errors.js';
import { clientFor, json, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

const items = (page: number, n = 2) =>
  Array.from({ length: n }, (_, i) => ({ id: (page - 1) * n + i + 1, x: 'keep' }));

describe('pagination', () => {
  test('meta page/last_page: one page by default, every page with all', async () => {
    server = await startServer((req, res) => {
      const page = Number(req.url.searchParams.get('page') ?? 1);
      json(res, 200, { data: items(page), meta: { page, per_page: 2, total: 6, last_page: 3 } });
    });
    client = clientFor(server);
    const first = await client.list<{ id: number }>('/payables', { state: 'pending' });
    expect(first.map((p) => p.id)).toEqual([1, 2]);
    expect(first.hasMore).toBe(true);
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 6, last_page: 3 });

    const all = await client.list<{ id: number; x: string }>(
      '/payables',
      { state: 'pending' },
      { all: true },
    );
    expect(all.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all[0]).toEqual({ id: 1, x: 'keep' });
    expect(all.hasMore).toBe(false);
    expect(JSON.stringify(all)).toBe(JSON.stringify([1, 2, 3, 4, 5, 6].map((id) => ({ id, x: 'keep' }))));
    // filters travel with every page
    expect(server.seen.slice(1).map((s) => s.url.search)).toEqual([
      '?state=pending',
      '?state=pending&page=2',
      '?state=pending&page=3',
    ]);
  });

  test('limit stops early, fetching only the pages needed', async () => {
    server = await startServer((req, res) => {
      const page = Number(req.url.searchParams.get('page') ?? 1);
      json(res, 200, { data: items(page), meta: { current_page: page, last_page: 50 } });
    });
    client = clientFor(server);
    const r = await client.list<{ id: number }>('payables', {}, { all: true, limit: 3 });
    expect(r.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(r.hasMore).toBe(true);
    expect(server.seen).toHaveLength(2);
  });

  test('links.next is followed, relative or absolute, and a null next ends it', async () => {
    server = await startServer((req, res) => {
      const page = Number(req.url.searchParams.get('cursor') ?? 1);
      const base = '/api/v1/condominiums/residencial-aurora/payables';
      const next =
        page === 1 ? `${base}?cursor=2` : page === 2 ? `http://${req.headers.host}${base}?cursor=3` : null;
      json(res, 200, { data: items(page), links: { next }, meta: { page: 1, last_page: 1 } });
    });
    client = clientFor(server);
    const r = await client.list<{ id: number }>('/payables', {}, { all: true });
    expect(r.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(server.seen).toHaveLength(3);
  });

  test("Laravel's flat paginator (current_page, last_page, next_page_url)", async () => {
    server = await startServer((req, res) => {
      const page = Number(req.url.searchParams.get('page') ?? 1);
      const next = page < 2 ? `${req.url.pathname}?page=${page + 1}` : null;
      json(res, 200, { current_page: page, last_page: 2, data: items(page), next_page_url: next });
    });
    client = clientFor(server);
    const r = await client.list<{ id: number }>('/units', {}, { all: true });
    expect(r.map((u) => u.id)).toEqual([1, 2, 3, 4]);
  });

  test('a bare array is one complete page', async () => {
    server = await startServer((_req, res) => json(res, 200, [{ id: 7 }, { id: 8 }]));
    client = clientFor(server);
    const r = await client.list<{ id: number }>('/bank-accounts', {}, { all: true });
    expect(r.map((b) => b.id)).toEqual([7, 8]);
    expect(r.hasMore).toBe(false);
    expect(r.meta).toBeUndefined();
    expect(server.seen).toHaveLength(1);
  });

  test('a next link pointing back at a read page stops instead of looping', async () => {
    server = await startServer((req, res) =>
      json(res, 200, { data: [{ id: 1 }], links: { next: `${req.url.pathname}${req.url.search}` } }),
    );
    client = clientFor(server);
    const r = await client.list('/payables', { page: 1 }, { all: true });
    expect(r).toHaveLength(1);
    expect(server.seen).toHaveLength(1);
  });

  test('a next link to another host is refused (the token stays home)', async () => {
    server = await startServer((_req, res) =>
      json(res, 200, { data: [{ id: 1 }], links: { next: 'https://evil.example.com/steal?page=2' } }),
    );
    client = clientFor(server);
    await expect(client.list('/payables', {}, { all: true })).rejects.toBeInstanceOf(ApiError);
    expect(server.seen).toHaveLength(1);
  });

  test('odd bodies do not crash: missing data, non-list data, empty body', async () => {
    server = await startServer((_req, res, n) => {
      if (n === 1) return json(res, 200, { meta: { page: 1 } });
      if (n === 2) return json(res, 200, { data: { not: 'a list' } });
      res.writeHead(204).end();
    });
    client = clientFor(server);
    expect(await client.list('/a', {}, { all: true })).toEqual([]);
    expect(await client.list('/b', {}, { all: true })).toEqual([]);
    expect(await client.list('/c', {}, { all: true })).toEqual([]);
  });

  test('lookups read every page by default', async () => {
    server = await startServer((req, res) => {
      const page = Number(req.url.searchParams.get('page') ?? 1);
      json(res, 200, { data: items(page), meta: { page, last_page: 2 } });
    });
    client = clientFor(server);
    const accounts = await client.chartOfAccounts.list({ type: 'expense', state: 'active' });
    expect(accounts.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(server.seen[0]!.path).toBe('/api/v1/condominiums/residencial-aurora/chart-of-accounts');
    expect(server.seen[0]!.url.searchParams.get('type')).toBe('expense');
    expect(server.seen[1]!.url.searchParams.get('state')).toBe('active');
    expect((await client.bankAccounts.list()).length).toBe(4);
    expect((await client.suppliers.list()).length).toBe(4);
    expect((await client.units.list()).length).toBe(4);
    expect(server.seen.map((s) => s.path.split('/').pop())).toEqual([
      'chart-of-accounts',
      'chart-of-accounts',
      'bank-accounts',
      'bank-accounts',
      'suppliers',
      'suppliers',
      'units',
      'units',
    ]);
  });
});
