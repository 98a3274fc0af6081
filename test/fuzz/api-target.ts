/**
 * #30 point 2: every operation of the API, called with what its own schemas describe and with what they do not
 * (values of the wrong type, past the store's range, unknown fields, random JSON), answers no 5xx. The bodies are
 * fast-check arbitraries built from each operation's TypeBox schema; path and query parameters get strings a
 * client could send. The sandbox runs in this process (fastify's inject: no sockets, thousands of calls a
 * second), with a rate limit too high to stop it. `npm test` runs a short round (test/unit/sandbox/api-fuzz.test.ts);
 * `npm run fuzz` runs it for its share of FUZZ_SECONDS beside the readers.
 */
import fc from 'fast-check';
import { operations } from '../../src/domain/operations.js';
import { buildApp } from '../../src/sandbox/app.js';
import { createContext } from '../../src/sandbox/index.js';
import { SandboxStore } from '../../src/sandbox/store.js';

type Json = Record<string, any>;

/** Values past what the store and JSON carry exactly, and the usual suspects of each kind. */
const HOSTILE_NUMBERS = [
  0,
  -1,
  1e20,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63 /* as JSON writes 9223372036854775807 */,
  0.1,
  1.005,
  -0,
];
const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  'null',
  '\u0000',
  '%C0%AE',
  '../../etc',
  'ÿ'.repeat(300),
  '1e20',
  '2026-02-30',
];

/** An arbitrary of what a schema describes, with a share of what it does not. */
export function arbitraryOf(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_STRINGS, null, true, [], {}),
    depth < 2 ? fc.jsonValue({ maxDepth: 2 }) : fc.constant(null),
  );
  return fc.oneof({ weight: 4, arbitrary: described(schema, depth) }, { weight: 1, arbitrary: wrong });
}

function described(schema: Json, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((s: Json) => described(s, depth)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const props = Object.entries((schema.properties ?? {}) as Record<string, Json>);
      if (depth > 3 || props.length === 0) return fc.constant({});
      const required = new Set<string>(schema.required ?? []);
      return fc
        .tuple(
          fc.record(Object.fromEntries(props.map(([k, s]) => [k, arbitraryOf(s, depth + 1)])), {
            requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
          }),
          fc.option(
            fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
          ),
        )
        .map(([record, extra]) => ({ ...(extra ?? {}), ...record }));
    }
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        maxLength: 4,
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -1e12),
        max: Math.min(schema.maximum ?? 1e6, 1e12),
      });
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 1e6 }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 1e8 }).map((c) => c / 100),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      if (schema.isoDate || schema.format === 'date')
        return fc
          .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 300) });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A valid body per write operation, from the seeded condominium's own ids: the fuzzer replaces one of its fields
 * at a time, so a hostile value reaches the service and the store instead of failing on the first other field.
 */
function examples(ids: {
  unit: number;
  account: number;
  chart: number;
  supplier: number;
}): Record<string, Json> {
  const due = '2031-03-10';
  return {
    createPayable: {
      supplier_id: ids.supplier,
      chart_of_accounts_id: ids.chart,
      amount: 12_345,
      forma_pagamento: 'ted',
      due_date: due,
      description: 'Fuzz',
    },
    updatePayable: { amount: 500, description: 'Fuzz', notes: null },
    createBatch: { data_pagamento: due },
    createInvoice: {
      unit_id: ids.unit,
      party_id: 3,
      bank_account_id: ids.account,
      due_date: due,
      subtotal: 100,
      total: 100,
    },
    createExpense: {
      chart_of_accounts_id: ids.chart,
      amount: 10,
      description: 'Fuzz',
      due_at: due,
      supplier_id: ids.supplier,
      bank_account_id: ids.account,
    },
    createExpenseInstallments: {
      count: 3,
      total_amount: 30,
      first_due_at: due,
      chart_of_accounts_id: ids.chart,
      description: 'Fuzz',
    },
    createEntry: {
      type: 'expense',
      chart_of_accounts_id: ids.chart,
      amount: 10,
      description: 'Fuzz',
      paid_at: new Date().toISOString().slice(0, 10),
      bank_account_id: ids.account,
    },
    createTransfer: {
      source_bank_account_id: ids.account,
      destination_bank_account_id: ids.account + 1,
      amount: 10,
      transfer_date: new Date().toISOString().slice(0, 10),
      chart_of_accounts_id: ids.chart,
    },
    updateSupplier: { name: 'Fuzz', pix_key: 'fuzz@example.com' },
    createWebhookSubscription: { url: 'http://127.0.0.1:9/hook', events: ['bank.statement.imported'] },
  };
}

/** A valid example with one field replaced, removed, or one field added. */
function mutated(example: Json): fc.Arbitrary<unknown> {
  const keys = Object.keys(example);
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_STRINGS, null, true, [], {}) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
  return fc.oneof(
    fc.constant(example),
    {
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...keys), value).map(([k, v]) => ({ ...example, [k]: v })),
    },
    fc.constantFrom(...keys).map((k) => {
      const { [k]: _gone, ...rest } = example;
      return rest;
    }),
    fc.tuple(fc.string({ maxLength: 12 }), value).map(([k, v]) => ({ ...example, [k]: v })),
  );
}

interface Api {
  inject: (o: { method: string; url: string; headers: Record<string, string>; payload?: string }) => Promise<{
    statusCode: number;
    body: string;
    headers: Record<string, unknown>;
  }>;
  token: string;
  slug: string;
  examples: Record<string, Json>;
}

let api: Promise<Api> | undefined;

/** One sandbox for the whole run, in memory, its token fetched once. */
function sandbox(): Promise<Api> {
  api ??= (async () => {
    const store = SandboxStore.open(null);
    const ctx = createContext(store, {
      rateLimit: { count: 1e9, seconds: 60 },
      ipRateLimit: { count: 1e9, seconds: 60 },
    });
    const app = await buildApp(ctx);
    await app.ready();
    const client = store.read(null, (tx) => tx.clients.find(undefined, { orderBy: ['rowid'] }))[0];
    if (!client) throw new Error('the seeded sandbox has no client');
    const grant = await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${client.client_id}&client_secret=${client.client_secret}`,
    });
    const ids = store.read(client.condominium, (tx) => ({
      unit: tx.units.find()[0]?.id ?? 1,
      account: tx.bankAccounts.find()[0]?.id ?? 1,
      chart:
        tx.chartAccounts.find().find((a) => a.type === 'expense' && String(a.code).split('.').length === 3)
          ?.id ?? 1,
      supplier: tx.suppliers.find()[0]?.id ?? 1,
    }));
    return {
      inject: (o) => app.inject(o as never) as never,
      token: JSON.parse(grant.body).access_token,
      slug: client.condominium,
      examples: examples(ids),
    };
  })();
  return api as Promise<Api>;
}

const ids = Object.keys(operations) as (keyof typeof operations)[];

/** A call: an operation, its path parameters, its query, its body. */
/** The writes the examples cover weigh more: their hostile values reach the store. */
const WRITES = [
  'createPayable',
  'updatePayable',
  'createBatch',
  'createInvoice',
  'createExpense',
  'createExpenseInstallments',
  'createEntry',
  'createTransfer',
  'updateSupplier',
  'createWebhookSubscription',
] as const;
const call = fc.oneof(fc.constantFrom(...ids), fc.constantFrom(...WRITES)).chain((id) => {
  const op = operations[id] as Json;
  const names = [...String(op.path).matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1] as string)
    .filter((n) => n !== 'condominium');
  const body = op.body && !op.body.multipart ? arbitraryOf(op.body as Json) : fc.constant(undefined);
  const query = fc.dictionary(
    fc.constantFrom(...Object.keys(op.query ?? { page: 1 }), 'page', 'per_page'),
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_STRINGS), fc.integer().map(String)),
    { maxKeys: 3 },
  );
  const params = fc.tuple(
    ...names.map(() =>
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('1', '01ARZ3NDEKTSV4RRFFQ69G5FAV', ...HOSTILE_STRINGS),
      ),
    ),
  );
  return fc.record({
    id: fc.constant(id),
    params,
    query,
    body,
    mutation: fc.option(fc.integer({ min: 0, max: 1e9 })),
  });
});

export const apiCasesRun = { count: 0 };

/** The property: whatever is sent, the answer is not a 5xx. */
export function apiProperty(wrap: (check: () => Promise<void>) => Promise<void> = (c) => c()) {
  return fc.asyncProperty(call, async (c) => {
    await wrap(async () => {
      const { inject, token, slug } = await sandbox();
      const op = operations[c.id] as Json;
      let i = 0;
      const path = String(op.path).replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === 'condominium' ? slug : encodeURIComponent(String(c.params[i++] ?? '')),
      );
      const qs = new URLSearchParams(c.query as Record<string, string>).toString();
      // half the calls start from a valid example with one field changed (see `examples`)
      const example = c.mutation !== null ? (await sandbox()).examples[c.id] : undefined;
      const sent = example ? fc.sample(mutated(example), { numRuns: 1, seed: c.mutation ?? 0 })[0] : c.body;
      const payload = sent === undefined ? undefined : JSON.stringify(sent);
      const res = await inject({
        method: op.method,
        url: `/api/v1${path}${qs ? `?${qs}` : ''}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
      apiCasesRun.count++;
      if (res.statusCode >= 500)
        throw new Error(
          `${op.method} ${path} answered ${res.statusCode}: ${res.body.slice(0, 300)} (body ${payload?.slice(0, 300)})`,
        );
    });
  });
}

/**
 * #53 point 8, the classes an outside fuzzer (Schemathesis) found, as properties of our own: a list asked with
 * query values its document allows answers 200 (positive data); a query parameter the document does not list is
 * refused by name (422), as an unknown body field is; a method a path does not take answers 405 with `Allow`
 * naming exactly the ones it does.
 */
const queryValue = (q: {
  type: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
}): fc.Arbitrary<string> => {
  if (q.enum) return fc.constantFrom(...q.enum);
  if (q.type === 'integer')
    return fc.integer({ min: q.minimum ?? -1e6, max: Math.min(q.maximum ?? 1e9, 2 ** 31) }).map(String);
  if (q.type === 'date')
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
  if (q.type === 'boolean') return fc.constantFrom('true', 'false');
  if (q.pattern) return fc.stringMatching(new RegExp(q.pattern));
  return fc.string({ minLength: 1, maxLength: 20 });
};

/**
 * The one rule between parameters the document states in words (`due_to`: "not before due_from (422)"): a pair
 * of dates sent in order, as positive data respects what the document says.
 */
function inOrder(query: Record<string, string>): Record<string, string> {
  const out = { ...query };
  for (const to of Object.keys(out).filter((k) => k === 'to' || k.endsWith('_to'))) {
    const from = to === 'to' ? 'from' : to.replace(/_to$/, '_from');
    const [a, b] = [out[from], out[to]];
    if (a && b && b < a) [out[from], out[to]] = [b, a];
  }
  return out;
}

/** The lists a condominium's client reads with no id in the path (their query is all there is to vary). */
const LISTS = ids.filter((id) => {
  const op = operations[id] as Json;
  return (
    op.method === 'GET' &&
    !/\{(?!condominium\})\w+\}/.test(String(op.path)) &&
    op.response &&
    !op.response.file
  );
});

const PATHS = [...new Set(ids.map((id) => String((operations[id] as Json).path)))];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const contractCase = fc.oneof(
  fc.constantFrom(...LISTS).chain((id) => {
    const op = operations[id] as Json;
    const declared: Record<string, Json> = {
      ...(op.query ?? {}),
      ...(op.paged
        ? {
            page: { type: 'integer', minimum: 1, maximum: 1000 },
            per_page: { type: 'integer', minimum: 1, maximum: 100 },
          }
        : {}),
    };
    const names = Object.keys(declared);
    return fc.record({
      kind: fc.constant('positive' as const),
      id: fc.constant(id),
      query:
        names.length === 0
          ? fc.constant({})
          : fc
              .dictionary(fc.constantFrom(...names), fc.constant(''), { maxKeys: 3 })
              .chain((picked) =>
                fc.record(
                  Object.fromEntries(Object.keys(picked).map((n) => [n, queryValue(declared[n] as never)])),
                ),
              )
              .map(inOrder),
    });
  }),
  fc.record({
    kind: fc.constant('unknown' as const),
    id: fc.constantFrom(...LISTS),
    query: fc.stringMatching(/^[a-z][a-z_]{2,12}$/).map((name) => ({ [`x_${name}`]: '1' })),
  }),
  fc.record({
    kind: fc.constant('method' as const),
    path: fc.constantFrom(...PATHS),
    method: fc.constantFrom(...METHODS),
  }),
);

/** How many cases of each kind were sent (a run that sent none of a kind checked nothing of it). */
export const contractCasesRun = { positive: 0, unknown: 0, method: 0 };

export function contractProperty(wrap: (check: () => Promise<void>) => Promise<void> = (c) => c()) {
  return fc.asyncProperty(contractCase, (c) => wrap(() => contractCheck(c)));
}

async function contractCheck(
  c: typeof contractCase extends fc.Arbitrary<infer C> ? C : never,
): Promise<void> {
  const { inject, token, slug } = await sandbox();
  contractCasesRun[c.kind]++;
  const auth = { authorization: `Bearer ${token}` };
  if (c.kind === 'method') {
    const takes = ids
      .filter((id) => String((operations[id] as Json).path) === c.path)
      .map((id) => String((operations[id] as Json).method));
    if (takes.includes(c.method)) {
      contractCasesRun.method--;
      return;
    }
    const path = c.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'condominium' ? slug : '1'));
    const res = await inject({ method: c.method, url: `/api/v1${path}`, headers: auth });
    expect405(c.method, path, res, takes);
    return;
  }
  const op = operations[c.id] as Json;
  const path = String(op.path).replace('{condominium}', slug);
  const qs = new URLSearchParams(c.query as Record<string, string>).toString();
  const res = await inject({ method: 'GET', url: `/api/v1${path}${qs ? `?${qs}` : ''}`, headers: auth });
  apiCasesRun.count++;
  if (c.kind === 'positive' && res.statusCode !== 200)
    throw new Error(
      `GET ${path}?${qs}, within the document, answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
    );
  if (c.kind === 'unknown') {
    const [name] = Object.keys(c.query);
    const fields = res.statusCode === 422 ? JSON.parse(res.body).error?.fields : undefined;
    if (!fields?.[name as string])
      throw new Error(
        `GET ${path}?${qs}: an unknown parameter answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
      );
  }
}

function expect405(
  method: string,
  path: string,
  res: { statusCode: number; body: string; headers?: Record<string, unknown> },
  takes: string[],
): void {
  const allow = String(res.headers?.allow ?? '')
    .split(/,\s*/)
    .filter(Boolean);
  const wanted = [...new Set([...takes, ...(takes.includes('GET') ? ['HEAD'] : [])])].sort();
  if (res.statusCode !== 405 || allow.sort().join() !== wanted.join())
    throw new Error(
      `${method} ${path} answered ${res.statusCode} with Allow "${allow.join(', ')}", not 405 with ${wanted.join(', ')}`,
    );
}
