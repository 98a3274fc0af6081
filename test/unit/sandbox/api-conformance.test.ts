import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints, type OperationId } from '../../../src/domain/endpoints.js';
import { openApiDocument } from '../../../src/domain/openapi.js';
import { operations } from '../../../src/domain/operations.js';
import { buildApp, servedRoutes } from '../../../src/sandbox/app.js';
import { createContext } from '../../../src/sandbox/index.js';
import { SandboxStore } from '../../../src/sandbox/store.js';
import { type Session, sandboxSession } from './session.js';

/**
 * The operations table is the one declaration of the API: every operation has exactly one sandbox route and
 * one client method, no /api/v1 route lives outside it, and the OpenAPI document made from it is valid.
 */

const ids = Object.keys(operations) as OperationId[];
const SRC = join(import.meta.dirname, '../../../src');

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return Promise.all(entries.filter((f) => f.endsWith('.ts')).map((f) => readFile(join(dir, f), 'utf8')));
}

describe('one route and one client method per operation', () => {
  test('the endpoints and the operations list the same operations', () => {
    expect(Object.keys(endpoints).sort()).toEqual([...ids].sort());
  });

  test('every operation has exactly one route, and every /api/v1 route serves an operation', async () => {
    const store = SandboxStore.open(null);
    const app = await buildApp(createContext(store, {}));
    try {
      await app.ready();
      const routes = servedRoutes(app);
      for (const id of ids) {
        const serving = routes.filter((r) => r.operation === id);
        expect(serving, id).toHaveLength(1);
        const op = operations[id];
        expect(serving[0]?.method).toBe(op.method);
        // the fastify path is the table's, with :name for {name}
        expect(serving[0]?.url).toBe(`/api/v1${op.path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
      const outside = routes.filter((r) => r.url.startsWith('/api/') && !r.operation);
      expect(outside).toEqual([]);
    } finally {
      await app.close();
      store.close();
    }
  });

  test('every operation has exactly one client method', async () => {
    const used = new Map<string, number>();
    for (const text of await sourcesUnder(join(SRC, 'client'))) {
      for (const m of text.matchAll(/\broute\('(\w+)'/g))
        used.set(m[1] as string, (used.get(m[1] as string) ?? 0) + 1);
    }
    for (const id of ids) expect(used.get(id) ?? 0, id).toBe(1);
    expect([...used.keys()].filter((id) => !(id in operations))).toEqual([]);
  });

  test('no path of the API is written outside the table', async () => {
    const files = [
      ...(await sourcesUnder(join(SRC, 'client'))),
      ...(await sourcesUnder(join(SRC, 'sandbox/routes'))),
    ];
    for (const text of files)
      expect(text).not.toMatch(
        /['`]\/(payables|pagamento-batches|invoices|expenses|webhooks\/subscriptions)[/'`]/,
      );
  });
});

describe('the OpenAPI document', () => {
  let s: Session;
  beforeAll(async () => {
    s = await sandboxSession();
  });
  afterAll(() => s.close());

  test('is valid OpenAPI 3.1 for a maintained validator', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('documents every operation, its scope, the error shape and the headers', () => {
    const doc = openApiDocument() as any;
    const documented = Object.values(doc.paths).flatMap((p: any) =>
      Object.values(p).map((o: any) => o.operationId),
    );
    expect(documented.sort()).toEqual([...ids].sort());
    const create = doc.paths['/condominiums/{condominium}/payables'].post;
    expect(create.security).toEqual([{ oauth2: ['payments.write'] }]);
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
    expect(create.requestBody.content['application/json'].schema.required).toContain('due_date');
    expect(create.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'X-RateLimit-Remaining',
        'Retry-After',
        'Idempotency-Replayed',
      ]),
    );
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes).toHaveProperty(
      'payments.read',
    );
    const upload = doc.paths['/condominiums/{condominium}/pagamento-batches/{batch}/retorno'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(doc.paths['/ping'].get['x-condo-extension']).toBe(true);
  });

  test('a query amount has its pattern and a statement format its values, as the server checks them', async () => {
    const doc = openApiDocument() as any;
    const defaulters = doc.paths['/condominiums/{condominium}/defaulters'].get.parameters;
    const minAmount = defaulters.find((p: any) => p.name === 'min_amount').schema;
    expect(minAmount.type).toBe('string');
    const pattern = new RegExp(minAmount.pattern);
    expect(['1500', '1500.00', '0.5'].filter((v) => pattern.test(v))).toHaveLength(3);
    expect(['1.500,00', '1500.001', 'abc', '-1'].filter((v) => pattern.test(v))).toEqual([]);
    for (const refused of ['1.500,00', 'abc']) {
      const slug = s.client('default').condominium;
      const r = await s.call(
        'GET',
        `/condominiums/${slug}/defaulters?min_amount=${encodeURIComponent(refused)}`,
        {
          token: await s.token(),
        },
      );
      expect(r.status).toBe(422);
      expect(r.body.error.fields).toHaveProperty('min_amount');
    }
    const upload =
      doc.paths['/condominiums/{condominium}/bank-accounts/{bankAccount}/statements/import'].post;
    const parts = upload.requestBody.content['multipart/form-data'].schema.properties;
    expect(parts.format.enum).toEqual(['ofx', 'csv']);
    expect(parts.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  test('a running sandbox serves it, with its own address as the server', async () => {
    const r = await s.call('GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.servers).toEqual([{ url: `${s.sandbox.baseUrl}/api/v1` }]);
    expect(r.body).toEqual(openApiDocument({ serverUrl: s.sandbox.baseUrl }));
  });
});
