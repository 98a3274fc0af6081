import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openApiDocument } from '../../../src/domain/openapi.js';

/**
 * #30 point 4: one rule decides what is marked `x-condo-extension` — filling what the spec says is "not shown" is
 * a DESIGN decision, not marked; going beyond what the spec lists is. This reads the spec's own tables and fails
 * on an addition the document does not mark.
 */

const spec = await readFile(
  join(import.meta.dirname, '../../../docs/spec/condominium-finance-api.md'),
  'utf8',
);
const doc = openApiDocument() as any;
const TENANT = '/condominiums/{condominium}';

/** The spec's endpoint rows: method, path (with its parameters renamed as the document names them), payload. */
const rows = [...spec.matchAll(/^\| (GET|POST|PATCH|DELETE) \| (\/[^ |]*) \| [^|]* \| ([^|]*) \|$/gm)].map(
  (m) => ({
    method: (m[1] as string).toLowerCase(),
    path: `${TENANT}${m[2]}`.replace('{pagamentoBatch}', '{batch}'),
    payload: m[3] as string,
  }),
);

const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method, op })),
);

/** The finance areas the spec lists endpoints for; the rest (structural data, webhooks, tokens) are "not shown". */
const FINANCE =
  /^\/condominiums\/\{condominium\}\/(invoices|expenses|payables|pagamento-batches|defaulters|monetary-indexes|bank-accounts|bank-statements|chart-of-accounts|account-entries|account-transfers)/;

test('the spec lists 27 endpoints and the document has each of them', () => {
  expect(rows).toHaveLength(27);
  for (const r of rows) expect(doc.paths[r.path]?.[r.method], `${r.method} ${r.path}`).toBeDefined();
});

test("a finance operation the spec does not list is marked as the sandbox's extension", () => {
  const unmarked = operations
    .filter(({ path }) => FINANCE.test(path))
    .filter(({ path, method }) => !rows.some((r) => r.path === path && r.method === method))
    .filter(({ op }) => !op['x-condo-extension'])
    .map(({ method, path }) => `${method} ${path}`);
  expect(unmarked).toEqual([]);
});

test('where the spec names the query parameters, any other is marked', () => {
  const unmarked: string[] = [];
  for (const r of rows.filter((x) => x.payload.startsWith('Query:'))) {
    const named = [...r.payload.matchAll(/(\w+) \(/g)].map((m) => m[1]);
    for (const p of doc.paths[r.path][r.method].parameters ?? [])
      if (p.in === 'query' && !named.includes(p.name) && !p['x-condo-extension'])
        unmarked.push(`${r.path} ${p.name}`);
  }
  expect(unmarked).toEqual([]);
});

test("the statement import's multipart fields beyond file and format are marked; the token endpoint takes no Idempotency-Key", () => {
  const parts =
    doc.paths[`${TENANT}/bank-accounts/{bankAccount}/statements/import`].post.requestBody.content[
      'multipart/form-data'
    ].schema.properties;
  const unmarked = Object.entries(parts)
    .filter(([name, p]: [string, any]) => !['file', 'format'].includes(name) && !p['x-condo-extension'])
    .map(([name]) => name);
  expect(unmarked).toEqual([]);
  const token = doc.paths['/oauth/token'].post.parameters.map((p: any) => p.$ref ?? p.name);
  expect(token.join(' ')).not.toContain('Idempotency-Key');
  expect(doc.components.headers['X-RateLimit-Reset']['x-condo-extension']).toBe(true);
});
