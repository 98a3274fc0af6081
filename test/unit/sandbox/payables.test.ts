import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxContext } from '../../../src/sandbox/http/context.js';
import { OTHER_CONDOMINIUM } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

// Seed ids of the test condominium (fixed): suppliers and chart accounts.
const ELEVADORES = 1; // bank data and a CNPJ PIX key
const LIMPEZA = 2; // bank data only
const JARDINEIRO = 4; // a phone PIX key only
const ENERGIA = 7; // neither: paid by boleto
const MANUTENCAO_ELEVADORES = 23; // 2.3.01, expense, active
const AQUECIMENTO_PISCINA = 28; // 2.3.06, expense, inactive
const TAXA_CONDOMINIAL = 3; // 1.1.01, revenue
const ENERGIA_ELETRICA = 19; // 2.2.01
const LINHA_DIGITAVEL = '34191.79001 01043.510047 91020.150008 3 97560000012345';

const base = {
  supplier_id: ELEVADORES,
  chart_of_accounts_id: MANUTENCAO_ELEVADORES,
  amount: 185_000,
  forma_pagamento: 'pix',
  due_date: '2030-01-10',
  description: 'Manutenção preventiva dos elevadores - janeiro',
};

let s: Session;
let ctx: SandboxContext;
beforeAll(async () => {
  s = await sandboxSession({}, (c) => {
    ctx = c;
  });
});
afterAll(() => s.close());

async function create(overrides: Record<string, unknown> = {}) {
  const r = await s.api('POST', '/payables', { json: { ...base, ...overrides } });
  expect(r.status, r.text).toBe(201);
  return r.body.data;
}

describe('creating payables', () => {
  test('a new payable is pending, in cents, with the supplier as payee', async () => {
    const p = await create({ fine_amount: 0, issue_date: '2029-12-20', document_number: 'NF 4521' });
    expect(p).toMatchObject({
      ...base,
      payee_name: 'Elevadores Horizonte Manutenção Ltda',
      fine_amount: 0,
      interest_amount: null,
      discount_amount: null,
      issue_date: '2029-12-20',
      document_number: 'NF 4521',
      notes: null,
      state: 'pending',
      batch_id: null,
      paid_at: null,
      paid_amount: null,
      last_return: null,
    });
    expect(p.public_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(p.created_at).toBe(p.updated_at);
    // A write's answer is the payable plus its warnings (none here); GET shows the payable and the batches it
    // went through (none yet).
    const { warnings, ...stored } = p;
    expect(warnings).toEqual([]);
    const got = await s.api('GET', `/payables/${p.public_id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ ...stored, batch_history: [] });
  });

  test('a payee without a registered supplier', async () => {
    const p = await create({
      supplier_id: null,
      payee_name: 'Cartório do 2º Ofício',
      forma_pagamento: 'cash',
    });
    expect(p.supplier_id).toBeNull();
    expect(p.payee_name).toBe('Cartório do 2º Ofício');
  });

  test('invalid fields come back together, named', async () => {
    const r = await s.api('POST', '/payables', {
      json: { amount: 10.5, forma_pagamento: 'cheque', due_date: '2030-02-30', surprise: 1 },
    });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('validation_failed');
    expect(r.body.error.fields).toMatchObject({
      chart_of_accounts_id: ['is required'],
      description: ['is required'],
      amount: ['must be an integer'],
      forma_pagamento: [expect.stringMatching(/must be one of pix, ted/)],
      due_date: ['must be a calendar date YYYY-MM-DD'],
      surprise: ['is not a known field'],
    });
  });

  test('the supplier and the account must be this condominium’s, the account an active expense', async () => {
    const otherSupplier = ctx.store.read(OTHER_CONDOMINIUM, (tx) =>
      tx.suppliers.first(undefined, ['id']),
    )!.id;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ supplier_id: 999 }, 'supplier_id', /does not exist/],
      [{ supplier_id: otherSupplier }, 'supplier_id', /does not exist/],
      [{ chart_of_accounts_id: 999 }, 'chart_of_accounts_id', /does not exist/],
      [{ chart_of_accounts_id: AQUECIMENTO_PISCINA }, 'chart_of_accounts_id', /2\.3\.06 is inactive/],
      [{ chart_of_accounts_id: TAXA_CONDOMINIAL }, 'chart_of_accounts_id', /not an expense account/],
    ];
    for (const [overrides, field, message] of cases) {
      const r = await s.api('POST', '/payables', { json: { ...base, ...overrides } });
      expect(r.status, JSON.stringify(overrides)).toBe(422);
      expect(r.body.error.fields[field][0]).toMatch(message);
    }
  });
});

describe('the payable state machine', () => {
  test('pending: edit, mark, unmark, edit again, delete', async () => {
    const p = await create();
    const edited = await s.api('PATCH', `/payables/${p.public_id}`, {
      json: { amount: 190_000, notes: 'reajuste de contrato', payee_name: 'Elevadores Horizonte' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      amount: 190_000,
      notes: 'reajuste de contrato',
      payee_name: 'Elevadores Horizonte',
    });
    expect(edited.body.data.updated_at >= p.updated_at).toBe(true);

    const reset = await s.api('PATCH', `/payables/${p.public_id}`, { json: { payee_name: null } });
    expect(reset.body.data.payee_name).toBe('Elevadores Horizonte Manutenção Ltda');

    const marked = await s.api('POST', `/payables/${p.public_id}/mark-for-remessa`);
    expect(marked.status).toBe(200);
    expect(marked.body.data.state).toBe('marked_for_remessa');

    const unmarked = await s.api('POST', `/payables/${p.public_id}/unmark-for-remessa`);
    expect(unmarked.status).toBe(200);
    expect(unmarked.body.data.state).toBe('pending');

    expect(
      (await s.api('PATCH', `/payables/${p.public_id}`, { json: { due_date: '2030-01-15' } })).status,
    ).toBe(200);
    const deleted = await s.api('DELETE', `/payables/${p.public_id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await s.api('GET', `/payables/${p.public_id}`)).status).toBe(404);
  });

  test('marked for remittance: no edits, no second mark, but it can be deleted', async () => {
    const p = await create();
    await s.api('POST', `/payables/${p.public_id}/mark-for-remessa`);

    const edit = await s.api('PATCH', `/payables/${p.public_id}`, { json: { amount: 1 } });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('invalid_state');
    expect(edit.body.error.message).toMatch(/marked_for_remessa/);

    const again = await s.api('POST', `/payables/${p.public_id}/mark-for-remessa`);
    expect(again.status).toBe(409);

    expect((await s.api('DELETE', `/payables/${p.public_id}`)).status).toBe(204);
  });

  test('a pending payable cannot be unmarked', async () => {
    const p = await create();
    const r = await s.api('POST', `/payables/${p.public_id}/unmark-for-remessa`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('invalid_state');
  });

  test('once in a batch (or later), nothing but reading is allowed', async () => {
    for (const state of ['in_batch', 'scheduled', 'paid'] as const) {
      const p = await create();
      // batches move payables on; here the state is set as a batch generation would
      ctx.store.write(s.client('default').condominium, (tx) => {
        tx.payables.get(p.public_id)!.state = state;
      });
      for (const [method, path, json] of [
        ['PATCH', '', { amount: 1 }],
        ['DELETE', '', undefined],
        ['POST', '/mark-for-remessa', undefined],
        ['POST', '/unmark-for-remessa', undefined],
      ] as const) {
        const r = await s.api(method, `/payables/${p.public_id}${path}`, json ? { json } : {});
        expect(r.status, `${state} ${method} ${path}`).toBe(409);
        expect(r.body.error.code).toBe('invalid_state');
      }
      expect((await s.api('GET', `/payables/${p.public_id}`)).body.data.state).toBe(state);
    }
  });

  test('marking needs something a bank can pay: PIX key or bank data, or a boleto barcode', async () => {
    const ok = [
      { supplier_id: JARDINEIRO, forma_pagamento: 'pix' },
      { supplier_id: LIMPEZA, forma_pagamento: 'pix' },
      { supplier_id: LIMPEZA, forma_pagamento: 'ted' },
      { supplier_id: LIMPEZA, forma_pagamento: 'doc' },
      {
        supplier_id: ENERGIA,
        chart_of_accounts_id: ENERGIA_ELETRICA,
        forma_pagamento: 'boleto',
        document_number: LINHA_DIGITAVEL,
        amount: 12_345, // the boleto's own value
      },
    ];
    for (const overrides of ok) {
      const p = await create(overrides);
      const r = await s.api('POST', `/payables/${p.public_id}/mark-for-remessa`);
      expect(r.status, JSON.stringify(overrides)).toBe(200);
    }
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ supplier_id: JARDINEIRO, forma_pagamento: 'ted' }, /bank data/],
      [{ supplier_id: ENERGIA, forma_pagamento: 'pix' }, /PIX key or bank data/],
      [{ forma_pagamento: 'cash' }, /settled outside the bank file/],
      [{ forma_pagamento: 'check' }, /settled outside the bank file/],
    ];
    for (const [overrides, message] of refused) {
      const p = await create(overrides);
      const r = await s.api('POST', `/payables/${p.public_id}/mark-for-remessa`);
      expect(r.status, JSON.stringify(overrides)).toBe(422);
      expect(r.body.error.code).toBe('not_remittable');
      expect(r.body.error.message).toMatch(message);
      expect((await s.api('GET', `/payables/${p.public_id}`)).body.data.state).toBe('pending');
    }
  });

  test("a PATCH's null on a field a payable cannot be without keeps the value and says so (#30 point 3)", async () => {
    const p = await create();
    const r = await s.api('PATCH', `/payables/${p.public_id}`, {
      json: { amount: null, description: null, notes: null, issue_date: null },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({
      amount: p.amount,
      description: p.description,
      notes: null,
      issue_date: null,
    });
    expect(r.body.data.warnings.map((w: { field: string }) => w.field)).toEqual(['amount', 'description']);
    expect(r.body.data.warnings[0].message).toContain('null ignored');
  });

  test('unknown ids and another condominium’s payables are not found', async () => {
    expect((await s.api('GET', '/payables/not-a-ulid')).status).toBe(404);
    expect((await s.api('POST', '/payables/01ARZ3NDEKTSV4RRFFQ69G5FAV/mark-for-remessa')).status).toBe(404);

    const other = await s.token('other');
    const theirs = await s.call('POST', `/condominiums/${OTHER_CONDOMINIUM}/payables`, {
      token: other,
      json: {
        ...base,
        supplier_id: null,
        chart_of_accounts_id: ctx.store.read(OTHER_CONDOMINIUM, (tx) =>
          tx.chartAccounts.find().find((a) => a.code === '2.3.01'),
        )!.id,
      },
    });
    expect(theirs.status).toBe(201);
    const r = await s.api('GET', `/payables/${theirs.body.data.public_id}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
  });
});

describe('listing payables', () => {
  test('filters by state, supplier and due dates; paginates', async () => {
    const list = await sandboxSession();
    try {
      const make = async (o: Record<string, unknown>) =>
        (await list.api('POST', '/payables', { json: { ...base, ...o } })).body.data;
      const jan = await make({ due_date: '2030-01-05' });
      const feb = await make({ due_date: '2030-02-05', supplier_id: LIMPEZA, chart_of_accounts_id: 24 });
      const mar = await make({ due_date: '2030-03-05' });
      await make({ due_date: '2030-04-05', supplier_id: LIMPEZA, chart_of_accounts_id: 24 });
      await make({ due_date: '2030-05-05' });
      await list.api('POST', `/payables/${mar.public_id}/mark-for-remessa`);

      const all = await list.api('GET', '/payables');
      expect(all.body.meta).toEqual({ page: 1, per_page: 25, total: 5, last_page: 1 });
      expect(all.body.data.map((p: { due_date: string }) => p.due_date)).toEqual([
        '2030-01-05',
        '2030-02-05',
        '2030-03-05',
        '2030-04-05',
        '2030-05-05',
      ]);

      const page2 = await list.api('GET', '/payables?per_page=2&page=2');
      expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: 5, last_page: 3 });
      expect(page2.body.data.map((p: { public_id: string }) => p.public_id)[0]).toBe(mar.public_id);
      const beyond = await list.api('GET', '/payables?per_page=2&page=9');
      expect(beyond.body.data).toEqual([]);

      const marked = await list.api('GET', '/payables?state=marked_for_remessa');
      expect(marked.body.data.map((p: { public_id: string }) => p.public_id)).toEqual([mar.public_id]);

      const limpeza = await list.api('GET', `/payables?supplier_id=${LIMPEZA}`);
      expect(limpeza.body.meta.total).toBe(2);
      expect(limpeza.body.data[0].public_id).toBe(feb.public_id);

      const q1 = await list.api('GET', '/payables?due_from=2030-01-01&due_to=2030-02-28');
      expect(q1.body.data.map((p: { public_id: string }) => p.public_id)).toEqual([
        jan.public_id,
        feb.public_id,
      ]);
    } finally {
      await list.close();
    }
  });

  test('bad query parameters are a 422 naming each one', async () => {
    const r = await s.api(
      'GET',
      '/payables?state=late&supplier_id=abc&due_from=2030-13-01&per_page=101&page=0',
    );
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('validation_failed');
    expect(Object.keys(r.body.error.fields).sort()).toEqual([
      'due_from',
      'page',
      'per_page',
      'state',
      'supplier_id',
    ]);
    expect(r.body.error.fields.per_page[0]).toMatch(/between 1 and 100/);

    const inverted = await s.api('GET', '/payables?due_from=2030-02-01&due_to=2030-01-01');
    expect(inverted.body.error.fields).toEqual({ due_to: ['must not be before due_from'] });
    expect((await s.api('GET', '/payables?per_page=0')).body.error.fields.per_page).toBeDefined();
  });
});
