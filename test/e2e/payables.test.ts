import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBoleto } from '../../src/domain/boleto/index.js';
import { SCOPES } from '../../src/domain/scopes.js';
import { TEST_CONDOMINIUM } from '../../src/sandbox/index.js';
import type { ClientRecord } from '../../src/sandbox/model.js';
import { newClient } from '../../src/sandbox/seed/index.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/** The payable lifecycle through the built CLI against a real sandbox. */

let s: Session;
let supplierWithBank: number;
let supplierWithPix: number;
let expenseAccount: number;

beforeAll(async () => {
  s = await sandboxSession();
  const suppliers = await s.condo.json('suppliers list');
  supplierWithBank = suppliers.find((x: any) => x.bank).id;
  supplierWithPix = suppliers.find((x: any) => x.pix_key).id;
  expenseAccount = await leafExpenseAccount(s.condo);
});
afterAll(() => s.close());

const createArgs = (extra = '') =>
  `payables create --chart-account ${expenseAccount} --amount 1.234,56 --method ted --due +3d --description 'Manutenção elevador' ${extra}`;

describe('payables', () => {
  test('create, list, show, update, mark, unmark, delete', async () => {
    const p = await s.condo.json(createArgs(`--supplier ${supplierWithBank} --fine 10 --document 'NF 12'`));
    expect(p).toMatchObject({
      state: 'pending',
      amount: 123456,
      fine_amount: 1000,
      forma_pagamento: 'ted',
      supplier_id: supplierWithBank,
    });
    expect(p.public_id).toMatch(/^[0-9A-Z]{26}$/);

    const listed = await s.condo.json('payables list --state pending --all');
    expect(listed.map((x: any) => x.public_id)).toContain(p.public_id);

    const shown = await s.condo.ok(`payables show ${p.public_id}`, { env: { FORCE_COLOR: '0' } });
    expect(shown).toContain(p.public_id);

    const updated = await s.condo.json(`payables update ${p.public_id} --amount 99,90 --notes 'revisado'`);
    expect(updated).toMatchObject({ amount: 9990, notes: 'revisado', state: 'pending' });

    const marked = await s.condo.run(`payables mark ${p.public_id}`);
    expect(marked.exitCode).toBe(0);
    expect(marked.stdout).toContain(`${p.public_id}\tok\tmarked`);
    expect((await s.condo.json(`payables show ${p.public_id}`)).state).toBe('marked_for_remessa');

    const refused = await s.condo.run(`payables update ${p.public_id} --amount 1`);
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr).toMatch(/invalid_state/);
    expect(refused.stderr).toMatch(/request id [A-Za-z0-9_-]+/);

    await s.condo.ok(`payables unmark ${p.public_id}`);
    await s.condo.ok(`payables delete ${p.public_id} --yes`);
    const gone = await s.condo.run(`payables show ${p.public_id}`);
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toMatch(/not_found/);
  });

  test('mark many at once: a line per id, a summary, non-zero exit when one fails', async () => {
    const a = await s.condo.json(createArgs(`--supplier ${supplierWithBank}`));
    const b = await s.condo.json(createArgs(`--supplier ${supplierWithPix} --method pix`));
    const cash = await s.condo.json(createArgs(`--payee 'Zelador' --method cash`));
    const r = await s.condo.run(['payables', 'mark', a.public_id, b.public_id, cash.public_id]);
    expect(r.exitCode).toBe(2); // not_remittable is a 422
    expect(r.stdout).toContain(`${a.public_id}\tok\tmarked`);
    expect(r.stdout).toContain(`${b.public_id}\tok\tmarked`);
    expect(r.stdout).toMatch(new RegExp(`${cash.public_id}\\terror\\tnot_remittable`));
    expect(r.stderr).toContain('2 marked, 1 failed');
  });

  test('list filters by state, supplier and due dates; piped output is tab-separated, header on request', async () => {
    await s.condo.json(createArgs(`--supplier ${supplierWithPix} --method pix --due 2031-01-15`));
    const tsv = await s.condo.ok(
      `payables list --supplier ${supplierWithPix} --due-from 2031-01-01 --due-to 2031-01-31 --header`,
    );
    const lines = tsv.trim().split('\n');
    expect(lines[0]).toBe(['ID', 'STATE', 'DUE', 'AMOUNT', 'METHOD', 'PAYEE', 'DESCRIPTION'].join('\t'));
    expect(lines).toHaveLength(2);
    expect(lines[1]?.split('\t')).toEqual([
      expect.stringMatching(/^[0-9A-Z]{26}$/),
      'pending',
      '2031-01-15',
      '1234.56',
      'pix',
      expect.any(String),
      'Manutenção elevador',
    ]);
    expect(tsv).not.toMatch(/\u001b\[/);
  });

  test('create from a file of many payables runs them all', async () => {
    const { writeFile } = await import('node:fs/promises');
    const file = `${s.condo.configDir}/bulk.json`;
    const bodies = Array.from({ length: 12 }, (_, i) => ({
      supplier_id: supplierWithBank,
      chart_of_accounts_id: expenseAccount,
      amount: 1000 + i,
      forma_pagamento: 'ted',
      due_date: '2031-02-10',
      description: `Parcela ${i + 1}`,
    }));
    await writeFile(file, JSON.stringify(bodies));
    const results = await s.condo.json(['payables', 'create', '--from-file', file]);
    expect(results).toHaveLength(12);
    expect(results.every((r: any) => r.ok)).toBe(true);
    expect(results.map((r: any) => r.data.amount).sort()).toEqual(bodies.map((b) => b.amount).sort());
    // the same file again: each create is a replay of its key, made before, counted apart (#66)
    const again = await s.condo.json(['payables', 'create', '--from-file', file]);
    expect(again.map((r: any) => [r.ok, r.already])).toEqual(bodies.map(() => [true, true]));
    expect(again.map((r: any) => r.id)).toEqual(results.map((r: any) => r.id));
    const pt = await s.condo.run(['--lang', 'pt-BR', 'payables', 'create', '--from-file', file]);
    expect(pt.exitCode, pt.stderr).toBe(0);
    expect(pt.stderr).toContain('0 criadas, 0 com falha; 12 já existiam');
    expect(pt.stdout.split('\n')[0]).toMatch(/^\S+\tok\talready there$/);
  });

  test("a due date years back is said before it goes in, in the reader's language, and entered as asked (#66)", async () => {
    const r = await s.condo.run([
      ...['--lang', 'pt-BR', 'payables', 'create', '--supplier', String(supplierWithBank)],
      ...['--chart-account', String(expenseAccount), '--method', 'ted', '--amount', '10,00'],
      ...['--due', '01/01/2020', '--description', 'Conta antiga'],
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/aviso: --due 01\/01\/2020: há \d+ dias; confira o ano\. Lançada como pedido/);
    const near = await s.condo.run([
      ...['payables', 'create', '--supplier', String(supplierWithBank)],
      ...['--chart-account', String(expenseAccount), '--method', 'ted', '--amount', '10,00'],
      ...['--due', '+5d', '--description', 'Conta do mês'],
    ]);
    expect(near.stderr).not.toContain('check the year');
  });

  test('a bad file entry is named with its index and field, and nothing is sent', async () => {
    const { writeFile } = await import('node:fs/promises');
    const file = `${s.condo.configDir}/bad.json`;
    await writeFile(
      file,
      JSON.stringify([
        {
          chart_of_accounts_id: expenseAccount,
          amount: 10,
          forma_pagamento: 'ted',
          due_date: '2031-02-10',
          description: 'ok',
        },
        {
          chart_of_accounts_id: expenseAccount,
          amount: 10.5,
          forma_pagamento: 'wire',
          due_date: '2031-02-10',
          description: 'x',
        },
      ]),
    );
    const before = (await s.condo.json('payables list --all')).length;
    const r = await s.condo.run(['payables', 'create', '--from-file', file]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/bad\.json\[1\]\.amount must be an integer/);
    expect((await s.condo.json('payables list --all')).length).toBe(before);
  });
});

describe('a client that may write payables but not read them', () => {
  let w: Session;
  let writeOnly: ClientRecord;
  beforeAll(async () => {
    w = await sandboxSession({
      prepare: (store) => {
        // every scope but payments.read: it may enter a bill, not list the ones entered
        writeOnly = newClient(
          'firm:write-only',
          TEST_CONDOMINIUM,
          SCOPES.filter((x) => x !== 'payments.read'),
        );
        store.write(TEST_CONDOMINIUM, (tx) => tx.clients.insert(writeOnly));
      },
    });
    await w.condo.ok(
      [
        ...['auth', 'login', '--no-input', '--profile', 'escrita', '--base-url', w.sandbox.baseUrl],
        ...['--condominium', TEST_CONDOMINIUM, '--client-id', writeOnly.client_id, '--client-secret-stdin'],
      ],
      { stdin: writeOnly.client_secret },
    );
  });
  afterAll(() => w?.close());

  test('enters a boleto unchecked for an earlier entry, and says so', async () => {
    const account = await leafExpenseAccount(w.condo);
    const supplier = (await w.condo.json('suppliers list'))[0].id;
    const boleto = buildBoleto({
      bankCode: '341',
      dueDate: '2026-12-20',
      amountCents: 45_000,
      freeField: '1091111222200912458730000',
    });
    const r = await w.condo.run([
      ...['--profile', 'escrita', 'payables', 'create', '--supplier', String(supplier)],
      ...['--chart-account', String(account), '--method', 'boleto', '--amount', '450,00'],
      ...['--document', boleto.barcode, '--description', 'Sem leitura'],
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^[0-9A-Z]{26}$/);
    expect(r.stderr).toContain('warning: could not check whether this boleto was entered before (');
  });
});
