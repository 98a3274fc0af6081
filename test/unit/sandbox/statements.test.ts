import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nextBusinessDay } from '../../../src/domain/business-days.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import type { SandboxContext } from '../../../src/sandbox/http/context.js';
import {
  buildStatementOfx,
  demoStatementOfx,
  simulateBankReturn,
  statementForDemo,
} from '../../../src/sandbox/index.js';
import { corpusDir } from '../../corpus.js';
import { type Session, sandboxSession } from './session.js';

// Seed ids of the test condominium (fixed).
const PAYMENT_ACCOUNT = 1; // Itaú 341, agency 0350, account 12345-1
const SAVINGS_ACCOUNT = 2;
const OTHER_CONDO_ACCOUNT = 4;
const ELEVADORES = 1;
const MANUTENCAO = 23; // 2.3.01
const TARIFAS = 33; // 2.4.04
const CORPUS = corpusDir('statements');

const today = todayIn(new Date());
const month = today.slice(0, 7);
/** a day of this month, not after today */
const day = (n: number) => `${month}-${String(Math.min(n, Number(today.slice(8)))).padStart(2, '0')}`;

interface UploadOptions {
  key?: string;
  token?: string;
  /** send the file part before the fields */
  fileFirst?: boolean;
  filename?: string;
}

async function importStatement(
  s: Session,
  account: number | string,
  content: string | Buffer,
  fields: Record<string, string> = { format: 'ofx' },
  o: UploadOptions = {},
) {
  const form = new FormData();
  const file = () => form.append('file', new Blob([content]), o.filename ?? 'extrato.ofx');
  if (o.fileFirst) file();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (!o.fileFirst) file();
  const slug = s.client('default').condominium;
  return s.call('POST', `/condominiums/${slug}/bank-accounts/${account}/statements/import`, {
    token: o.token ?? (await s.token()),
    body: form,
    headers: o.key ? { 'idempotency-key': o.key } : {},
  });
}

/** A statement of the payment account (Itaú 0350 / 12345-1). */
function itau(
  transactions: Parameters<typeof buildStatementOfx>[0]['transactions'],
  over: Partial<Parameters<typeof buildStatementOfx>[0]> = {},
) {
  return buildStatementOfx({
    bankCode: '341',
    agency: '0350',
    account: '12345-1',
    transactions,
    start: `${month}-01`,
    end: today,
    balanceCents: 100_00,
    ...over,
  });
}

async function balance(s: Session, id = PAYMENT_ACCOUNT): Promise<number> {
  const r = await s.api('GET', '/bank-accounts');
  return r.body.data.find((b: { id: number }) => b.id === id).current_balance;
}

async function entry(s: Session, json: Record<string, unknown>) {
  const r = await s.api('POST', '/account-entries', {
    json: { bank_account_id: PAYMENT_ACCOUNT, chart_of_accounts_id: TARIFAS, type: 'expense', ...json },
  });
  expect(r.status, r.text).toBe(201);
  return r.body.data;
}

describe("the month's statement of the seeded condominium", () => {
  let s: Session;
  let ctx: SandboxContext;
  let ofx: string;
  beforeAll(async () => {
    s = await sandboxSession({}, (c) => {
      ctx = c;
    });
    ofx = demoStatementOfx(ctx.store);
  });
  afterAll(() => s.close());

  test('the demo statement is OFX 1.x SGML in ASCII, built from the snapshot as from the live state', async () => {
    expect(ofx.startsWith('OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n')).toBe(true);
    expect(ofx).toMatch(/CHARSET:1252/);
    expect(/^[\x20-\x7e\r\n]*$/.test(ofx)).toBe(true);
    expect(ofx).toMatch(/<BANKID>0341\r\n<BRANCHID>0350\r\n<ACCTID>12345-1/);
    expect(ofx).toMatch(/TARIFA PACOTE SERVICOS/);
    expect(await statementForDemo(s.dataDir)).toBe(ofx);
  });

  test('import: seeded entries reconcile; the bank fee and the unknown PIX stay unmatched and move the balance', async () => {
    const before = await balance(s);
    const r = await importStatement(s, PAYMENT_ACCOUNT, ofx, { format: 'ofx' }, { key: 'demo-import-1' });
    expect(r.status, r.text).toBe(201);
    const d = r.body.data;
    expect(d).toMatchObject({
      bank_account_id: PAYMENT_ACCOUNT,
      format: 'ofx',
      period: { start: `${month}-01`, end: today },
      transactions: 5,
      imported: 5,
      duplicates: 0,
      reconciled: 3,
      unmatched: 2,
      forced: false,
    });
    expect(d.statement_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(
      d.unmatched_transactions.map((t: { memo: string; amount_cents: number }) => [t.memo, t.amount_cents]),
    ).toEqual([
      ['TARIFA PACOTE SERVICOS', -8950],
      ['PIX RECEBIDO - REMETENTE NAO IDENTIFICADO', 35000],
    ]);
    for (const t of d.unmatched_transactions) {
      expect(t).toMatchObject({ date: today, fitid: expect.any(String), line: expect.any(Number) });
      expect(ofx.split('\r\n')[t.line - 1]).toBe('<STMTTRN>');
    }
    const entries = await s.api('GET', `/account-entries?bank_account_id=${PAYMENT_ACCOUNT}&period=${month}`);
    expect(entries.body.data.length).toBe(3);
    expect(entries.body.data.every((e: { reconciled: boolean }) => e.reconciled)).toBe(true);
    // Matched movements were counted by their entries; the unmatched ones are money the bank moved.
    expect(Math.round((await balance(s)) * 100)).toBe(Math.round(before * 100) - 8_950 + 35_000);
  });

  test('the same upload with the same key is replayed; with another field a conflict', async () => {
    const replay = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      ofx,
      { format: 'ofx' },
      { key: 'demo-import-1' },
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replayed')).toBe('1');
    expect(replay.body.data.imported).toBe(5);
    const conflict = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      ofx,
      { format: 'ofx', force: 'true' },
      { key: 'demo-import-1' },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
  });

  test('the same file again (no key) changes nothing: all duplicates, still two unmatched', async () => {
    const again = await importStatement(s, PAYMENT_ACCOUNT, ofx);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({
      transactions: 5,
      imported: 0,
      duplicates: 5,
      reconciled: 0,
      already_reconciled: 3,
      unmatched: 2,
    });
  });

  test('an entry recorded later reconciles a still-open movement at the next import of an overlapping file', async () => {
    const before = await balance(s);
    await entry(s, { amount: 89.5, description: 'Tarifa do pacote de serviços', paid_at: today });
    const later = itau([
      {
        fitid: `${month.replace('-', '')}TAR`,
        date: today,
        amountCents: -8_950,
        memo: 'TARIFA PACOTE SERVICOS',
      },
      { fitid: 'NEW-1', date: today, amountCents: -1_234, memo: 'IOF' },
    ]);
    const r = await importStatement(s, PAYMENT_ACCOUNT, later);
    expect(r.body.data).toMatchObject({
      transactions: 2,
      imported: 1,
      duplicates: 1,
      reconciled: 1,
      unmatched: 1,
    });
    expect(r.body.data.unmatched_transactions[0]).toMatchObject({
      fitid: 'NEW-1',
      memo: 'IOF',
      amount_cents: -1234,
    });
    // The fee is counted once (by its entry now), and the new IOF once (as an open movement).
    expect(Math.round((await balance(s)) * 100)).toBe(Math.round(before * 100) - 1_234);
  });
});

describe('imports, duplicates and reconciliation rules', () => {
  let s: Session;
  beforeAll(async () => {
    s = await sandboxSession();
  });
  afterAll(() => s.close());

  test('overlapping statements: FITIDs already recorded for the account are duplicates', async () => {
    const first = itau([
      { fitid: 'OV-1', date: day(1), amountCents: 10_001, memo: 'CREDITO A' },
      { fitid: 'OV-2', date: day(2), amountCents: 10_002, memo: 'CREDITO B' },
      { fitid: 'OV-3', date: day(3), amountCents: 10_003, memo: 'CREDITO C' },
    ]);
    const second = itau([
      { fitid: 'OV-2', date: day(2), amountCents: 10_002, memo: 'CREDITO B' },
      { fitid: 'OV-3', date: day(3), amountCents: 10_003, memo: 'CREDITO C' },
      { fitid: 'OV-4', date: day(4), amountCents: 10_004, memo: 'CREDITO D' },
      { fitid: 'OV-4', date: day(4), amountCents: 10_004, memo: 'CREDITO D (repeated in the file)' },
    ]);
    const a = await importStatement(s, PAYMENT_ACCOUNT, first);
    expect(a.body.data).toMatchObject({ transactions: 3, imported: 3, duplicates: 0 });
    const b = await importStatement(s, PAYMENT_ACCOUNT, second);
    // #35 changed this on purpose: OV-4's second line is another transaction the bank gave the same FITID (its
    // memo differs), imported with a warning; before, it was dropped as a duplicate, money the ledger never saw
    expect(b.body.data).toMatchObject({ transactions: 4, imported: 2, duplicates: 2, unmatched: 4 });
    expect(b.body.data.warnings).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(/duplicate FITID 'OV-4' \(also at line \d+\) on another transaction/),
      }),
    );
    // the same FITIDs on another account are that account's movements
    const savings = buildStatementOfx({
      bankCode: '104',
      agency: '1679',
      // as Caixa's OFX writes it: the conta without its operação (022)
      account: '00023456-3',
      accountType: 'SAVINGS',
      transactions: [{ fitid: 'OV-1', date: day(1), amountCents: 10_001, memo: 'CREDITO A' }],
      start: `${month}-01`,
      end: today,
    });
    const c = await importStatement(s, SAVINGS_ACCOUNT, savings);
    expect(c.body.data).toMatchObject({ imported: 1, duplicates: 0 });
  });

  test('a debit matches one expense entry only, within ±3 days; a document number breaks a tie', async () => {
    const a = await entry(s, {
      amount: 777.77,
      description: 'Serviço A',
      paid_at: day(2),
      document_number: 'NF-1001',
    });
    const b = await entry(s, {
      amount: 777.77,
      description: 'Serviço B',
      paid_at: day(2),
      document_number: 'NF-1002',
    });
    const r = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau([
        // names B's document: B is taken although A is older
        { fitid: 'TIE-1', date: day(3), amountCents: -77_777, memo: 'PAG SERVICO', checknum: '1002' },
        // the same amount again: only A is left
        { fitid: 'TIE-2', date: day(3), amountCents: -77_777, memo: 'PAG SERVICO' },
        // a third time: nothing left to match, never twice
        { fitid: 'TIE-3', date: day(3), amountCents: -77_777, memo: 'PAG SERVICO' },
        // a credit of the same amount does not match an expense
        { fitid: 'TIE-4', date: day(3), amountCents: 77_777, memo: 'ESTORNO' },
      ]),
    );
    expect(r.body.data).toMatchObject({ imported: 4, reconciled: 2, unmatched: 2 });
    expect(r.body.data.unmatched_transactions.map((t: { fitid: string }) => t.fitid).sort()).toEqual([
      'TIE-3',
      'TIE-4',
    ]);
    const listed = await s.api('GET', `/account-entries?bank_account_id=${PAYMENT_ACCOUNT}&per_page=100`);
    const byId = new Map(listed.body.data.map((e: { id: number }) => [e.id, e]));
    expect((byId.get(a.id) as { reconciled: boolean }).reconciled).toBe(true);
    expect((byId.get(b.id) as { reconciled: boolean }).reconciled).toBe(true);
  });

  test('dates more than 3 days apart do not match', async () => {
    const far = await entry(s, { amount: 55.55, description: 'Longe', paid_at: `${month}-01` });
    const r = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau([{ fitid: 'FAR-1', date: addDays(`${month}-01`, 4), amountCents: -5_555, memo: 'LONGE' }], {
        end: addDays(`${month}-01`, 4),
      }),
    );
    expect(r.body.data).toMatchObject({ imported: 1, reconciled: 0, unmatched: 1 });
    const listed = await s.api('GET', `/account-entries?bank_account_id=${PAYMENT_ACCOUNT}&per_page=100`);
    expect(listed.body.data.find((e: { id: number }) => e.id === far.id).reconciled).toBe(false);
  });

  test('a paid payable is matched through the entry its payment recorded', async () => {
    const created = await s.api('POST', '/payables', {
      json: {
        supplier_id: ELEVADORES,
        chart_of_accounts_id: MANUTENCAO,
        forma_pagamento: 'pix',
        amount: 185_000,
        due_date: today,
        description: 'Manutenção dos elevadores',
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.public_id;
    expect((await s.api('POST', `/payables/${id}/mark-for-remessa`)).status).toBe(200);
    const batch = await s.api('POST', '/pagamento-batches', {
      json: { data_pagamento: nextBusinessDay(today) },
    });
    expect(batch.status, batch.text).toBe(201);
    const token = await s.token();
    const slug = s.client('default').condominium;
    const rem = await (
      await fetch(
        `${s.sandbox.baseUrl}/api/v1/condominiums/${slug}/pagamento-batches/${batch.body.data.public_id}/file`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      )
    ).text();
    const form = new FormData();
    form.set('file', new Blob([simulateBankReturn(rem, { paymentDate: today }).text]), 'retorno.ret');
    const ret = await s.call(
      'POST',
      `/condominiums/${slug}/pagamento-batches/${batch.body.data.public_id}/retorno`,
      {
        token,
        body: form,
      },
    );
    expect(ret.body.data.paid).toBe(1);

    const r = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau(
        [
          {
            fitid: 'PIX-ELEV',
            date: addDays(today, 1),
            amountCents: -185_000,
            memo: 'PIX ENVIADO ELEVADORES',
          },
        ],
        {
          end: addDays(today, 1),
        },
      ),
    );
    expect(r.body.data).toMatchObject({ imported: 1, reconciled: 1, unmatched: 0 });
    const entries = await s.api('GET', `/account-entries?source=payable&bank_account_id=${PAYMENT_ACCOUNT}`);
    const paid = entries.body.data.find((e: { payable_id: string }) => e.payable_id === id);
    expect(paid.reconciled).toBe(true);
  });

  test('a credit settles an issued invoice only by its own number: the nosso número or the PIX txid, never the amount alone (#67)', async () => {
    const due = addDays(today, 10);
    const create = async (unit: number) => {
      const r = await s.api('POST', '/invoices', {
        json: {
          unit_id: unit,
          bank_account_id: PAYMENT_ACCOUNT,
          due_date: due,
          subtotal: 812.34,
          total: 812.34,
        },
      });
      expect(r.status, r.text).toBe(201);
      return r.body.data.public_id as string;
    };
    const a = await create(1);
    const b = await create(2);
    // a draft is not an open receivable yet, even named by its number
    const draft = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau([{ fitid: 'INV-0', date: due, amountCents: 81_234, memo: 'LIQUIDACAO BOLETO' }], { end: due }),
    );
    expect(draft.body.data).toMatchObject({ reconciled: 0, unmatched: 1 });
    const issuedA = (await s.api('POST', `/invoices/${a}/issue`)).body.data;
    const issuedB = (await s.api('POST', `/invoices/${b}/issue`)).body.data;
    // the amount alone: two units owe it, so neither is settled (the line is left for a person)
    const alone = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau([{ fitid: 'INV-1', date: addDays(due, 1), amountCents: 81_234, memo: 'LIQUIDACAO BOLETO' }], {
        end: addDays(due, 1),
      }),
    );
    expect(alone.body.data).toMatchObject({ imported: 1, reconciled: 0 });
    expect((await s.api('GET', `/invoices/${a}`)).body.data.state).toBe('issued');
    // B's nosso número as the line's document settles B, not A (the older); A's PIX txid in a memo settles A
    const named = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau(
        [
          {
            fitid: 'INV-2',
            date: addDays(due, 2),
            amountCents: 81_234,
            memo: 'LIQUIDACAO BOLETO',
            checknum: issuedB.payment.boleto.nosso_numero,
          },
          {
            fitid: 'INV-3',
            date: addDays(due, 20),
            amountCents: 81_234,
            memo: `PIX RECEBIDO ${issuedA.payment.pix.txid}`,
          },
        ],
        { end: addDays(due, 20) },
      ),
    );
    expect(named.body.data).toMatchObject({ imported: 2, reconciled: 2 });
    expect((await s.api('GET', `/invoices/${b}`)).body.data).toMatchObject({
      state: 'paid',
      paid_at: addDays(due, 2),
    });
    expect((await s.api('GET', `/invoices/${a}`)).body.data).toMatchObject({
      state: 'paid',
      paid_at: addDays(due, 20),
    });
    // each settled with its revenue entry recorded, already reconciled
    const revenue = await s.api('GET', `/account-entries?type=revenue&source=statement`);
    expect(revenue.body.data.map((e: { unit_id: number }) => e.unit_id).sort()).toEqual([1, 2]);
    for (const e of revenue.body.data)
      expect(e).toMatchObject({ amount: 812.34, reconciled: true, bank_account_id: PAYMENT_ACCOUNT });
  });

  test('a generic CSV (documented headers, or mapped columns with a date format) de-duplicated by its hash', async () => {
    const csv = [
      'Data;Descrição;Valor;Documento',
      `${day(2).split('-').reverse().join('/')};PAGAMENTO FORNECEDOR;-1.234,56;9911`,
      `${day(2).split('-').reverse().join('/')};DEPOSITO;300,00;`,
      '',
    ].join('\r\n');
    const a = await importStatement(s, PAYMENT_ACCOUNT, csv, { format: 'csv' }, { filename: 'extrato.csv' });
    expect(a.status, a.text).toBe(201);
    expect(a.body.data).toMatchObject({ format: 'csv', transactions: 2, imported: 2, bank_id: null });
    expect(a.body.data.unmatched_transactions[0]).toMatchObject({
      amount_cents: -123456,
      fitid: null,
      line: 2,
    });
    const b = await importStatement(s, PAYMENT_ACCOUNT, csv, { format: 'csv' });
    expect(b.body.data).toMatchObject({ transactions: 2, imported: 0, duplicates: 2 });

    const mapped = ['quando,o que,quanto', `${day(3).split('-').reverse().join('-')},TARIFA,-12.00`, ''].join(
      '\n',
    );
    const c = await importStatement(s, PAYMENT_ACCOUNT, mapped, {
      format: 'csv',
      csv_columns: 'date=quando,description=o que,amount=quanto',
      date_format: 'DD-MM-YYYY',
    });
    expect(c.status, c.text).toBe(201);
    expect(c.body.data.unmatched_transactions[0]).toMatchObject({
      date: day(3),
      amount_cents: -1200,
      memo: 'TARIFA',
    });
    const badMap = await importStatement(s, PAYMENT_ACCOUNT, mapped, {
      format: 'csv',
      csv_columns: 'when=quando',
    });
    expect(badMap.status).toBe(422);
    expect(badMap.body.error.fields.csv_columns[0]).toMatch(/unknown role when/);
  });

  test('the file may come before the fields', async () => {
    const r = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau([{ fitid: 'ORDER-1', date: day(1), amountCents: 1_00, memo: 'X' }]),
      { format: 'ofx' },
      { fileFirst: true },
    );
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.imported).toBe(1);
  });
});

describe('refusals', () => {
  let s: Session;
  beforeAll(async () => {
    s = await sandboxSession();
  });
  afterAll(() => s.close());
  const one = [{ fitid: 'M-1', date: today, amountCents: -1_00, memo: 'X' }];

  test('another bank or account is account_mismatch unless force; formatting of the numbers does not matter', async () => {
    for (const account of ['123451', '0350 12345-1', '0350/123451', '000012345-1', '12345']) {
      const ok = await importStatement(s, PAYMENT_ACCOUNT, itau(one, { account }));
      expect(ok.status, `${account}: ${ok.text}`).toBe(201);
    }
    const otherAccount = await importStatement(s, PAYMENT_ACCOUNT, itau(one, { account: '54321-0' }));
    expect(otherAccount.status).toBe(422);
    expect(otherAccount.body.error.code).toBe('account_mismatch');
    expect(otherAccount.body.error.message).toMatch(/force/);
    expect(otherAccount.body.error.errors[0]).toMatchObject({ line: expect.any(Number), message: /54321-0/ });

    const otherBank = await importStatement(s, PAYMENT_ACCOUNT, itau(one, { bankCode: '237' }));
    expect(otherBank.status).toBe(422);
    expect(otherBank.body.error.fields.file[0]).toMatch(/^line \d+: the statement is for bank 0237/);

    const forced = await importStatement(s, PAYMENT_ACCOUNT, itau(one, { bankCode: '237' }), {
      format: 'ofx',
      force: 'true',
    });
    expect(forced.status).toBe(201);
    expect(forced.body.data).toMatchObject({ forced: true, bank_id: '0237' });
  });

  test('a real bank file from the corpus imports with force (its own bank and account)', async () => {
    const itauCorpus = await readFile(`${CORPUS}/jcoliz__OFXSharp/itau.ofx`);
    const refused = await importStatement(s, PAYMENT_ACCOUNT, itauCorpus);
    expect(refused.body.error.code).toBe('account_mismatch');
    const r = await importStatement(s, PAYMENT_ACCOUNT, itauCorpus, { format: 'ofx', force: '1' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({ transactions: 3, imported: 3 });
  });

  test('a malformed file is invalid_file with line numbers', async () => {
    const broken = itau([
      { fitid: 'B-1', date: today, amountCents: -1_00, memo: 'OK' },
      { fitid: 'B-2', date: today, amountCents: -2_00, memo: 'BAD' },
    ]).replace('<TRNAMT>-2.00', '<TRNAMT>abc');
    const r = await importStatement(s, PAYMENT_ACCOUNT, broken);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('invalid_file');
    const badLine = broken.split('\r\n').indexOf('<TRNAMT>abc') + 1;
    expect(r.body.error.errors[0].line).toBe(badLine);
    expect(r.body.error.fields.file[0]).toMatch(new RegExp(`^line ${badLine}: `));
    expect(r.body.error.message).toMatch(new RegExp(`line ${badLine}`));

    const corpus = await readFile(`${CORPUS}/jcoliz__OFXSharp/not-an-ofx-file.ofx`);
    const notAnOfx = await importStatement(s, PAYMENT_ACCOUNT, corpus, { format: 'ofx', force: 'true' });
    expect(notAnOfx.status).toBe(422);
    expect(notAnOfx.body.error).toMatchObject({
      code: 'invalid_file',
      errors: [{ line: expect.any(Number) }],
    });

    const empty = await importStatement(s, PAYMENT_ACCOUNT, '');
    expect(empty.body.error).toMatchObject({ code: 'invalid_file', errors: [{ line: 1 }] });
    const notOfx = await importStatement(s, PAYMENT_ACCOUNT, 'hello\nworld\n');
    expect(notOfx.body.error.code).toBe('invalid_file');
  });

  test('fields: format and file are required; force is a boolean', async () => {
    const noFormat = await importStatement(s, PAYMENT_ACCOUNT, itau(one), {});
    expect(noFormat.status).toBe(422);
    expect(noFormat.body.error.fields.format).toBeDefined();
    const badFormat = await importStatement(s, PAYMENT_ACCOUNT, itau(one), { format: 'qif', force: 'maybe' });
    expect(Object.keys(badFormat.body.error.fields).sort()).toEqual(['force', 'format']);
    const form = new FormData();
    form.set('format', 'ofx');
    const slug = s.client('default').condominium;
    const noFile = await s.call('POST', `/condominiums/${slug}/bank-accounts/1/statements/import`, {
      token: await s.token(),
      body: form,
    });
    expect(noFile.status).toBe(422);
    expect(noFile.body.error.fields.file[0]).toMatch(/required/);
    const json = await s.api('POST', '/bank-accounts/1/statements/import', { json: { format: 'ofx' } });
    expect(json.status).toBe(415);
  });

  test('an unknown account, or another condominium’s, is a 404; bank.write is needed', async () => {
    expect((await importStatement(s, 999, itau(one))).status).toBe(404);
    expect((await importStatement(s, 'abc', itau(one))).status).toBe(404);
    expect((await importStatement(s, OTHER_CONDO_ACCOUNT, itau(one))).status).toBe(404);
    const readOnly = await importStatement(
      s,
      PAYMENT_ACCOUNT,
      itau(one),
      { format: 'ofx' },
      { token: await s.token('read-only') },
    );
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe('insufficient_scope');
  });

  test('a file over 100 MB is a 413', async () => {
    const big = Buffer.alloc(100 * 1024 * 1024 + 1, 0x20);
    const r = await importStatement(s, PAYMENT_ACCOUNT, big);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('payload_too_large');
  });
});
