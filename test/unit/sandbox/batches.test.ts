import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nextBusinessDay } from '../../../src/domain/business-days.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { occurrenceKind, readCnab240, toSeuNumero } from '../../../src/formats/cnab240/index.js';
import { DB_FILE, openPlain } from '../../../src/sandbox/db/sqlite.js';
import { simulateBankReturn } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

// Seed ids of the test condominium (fixed).
const ELEVADORES = 1; // bank data and a CNPJ PIX key
const LIMPEZA = 2; // bank data only (TED)
const JARDINEIRO = 4; // a phone PIX key only
const DEDETIZADORA = 6; // savings account (a DOC, which the bank refuses since DOC ended: #50 point 9)
const ENERGIA = 7; // boleto only
const MANUTENCAO = 23; // 2.3.01
const LIMPEZA_CONTA = 24; // 2.3.02
const PAYMENT_ACCOUNT = 1;
// a valid boleto of bank 341 for R$ 123,45
const LINHA_DIGITAVEL = '34191.79001 01043.510047 91020.150008 3 97560000012345';

const today = todayIn(new Date());
// the payment date: a bank business day (a Saturday is refused)
const payday = nextBusinessDay(addDays(today, 1));

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

async function payable(overrides: Record<string, unknown>): Promise<any> {
  const r = await s.api('POST', '/payables', {
    json: {
      chart_of_accounts_id: MANUTENCAO,
      due_date: '2030-01-10',
      description: 'Serviço do mês',
      ...overrides,
    },
  });
  expect(r.status, r.text).toBe(201);
  const m = await s.api('POST', `/payables/${r.body.data.public_id}/mark-for-remessa`);
  expect(m.status, m.text).toBe(200);
  return m.body.data;
}

/** Five payables, one per kind of payment line; returns them with their expected totals. */
async function markFive() {
  return [
    await payable({ supplier_id: ELEVADORES, forma_pagamento: 'pix', amount: 185_000 }),
    await payable({
      supplier_id: LIMPEZA,
      chart_of_accounts_id: LIMPEZA_CONTA,
      forma_pagamento: 'ted',
      amount: 420_000,
      fine_amount: 1_000,
      interest_amount: 250,
      discount_amount: 500,
    }),
    await payable({ supplier_id: JARDINEIRO, forma_pagamento: 'pix', amount: 35_000 }),
    await payable({ supplier_id: DEDETIZADORA, forma_pagamento: 'doc', amount: 28_000 }),
    await payable({
      supplier_id: ENERGIA,
      forma_pagamento: 'boleto',
      amount: 123_45,
      document_number: LINHA_DIGITAVEL,
    }),
  ];
}

async function createBatch(data_pagamento = payday) {
  return s.api('POST', '/pagamento-batches', { json: { data_pagamento } });
}

async function download(id: string) {
  const token = await s.token();
  const slug = s.client('default').condominium;
  const res = await fetch(`${s.sandbox.baseUrl}/api/v1/condominiums/${slug}/pagamento-batches/${id}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, text: await res.text() };
}

async function upload(id: string, content: string | Buffer, key?: string) {
  const form = new FormData();
  form.set('file', new Blob([content]), 'retorno.ret');
  const slug = s.client('default').condominium;
  return s.call('POST', `/condominiums/${slug}/pagamento-batches/${id}/retorno`, {
    token: await s.token(),
    body: form,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function balance(): Promise<number> {
  const r = await s.api('GET', '/bank-accounts');
  return r.body.data.find((b: { id: number }) => b.id === PAYMENT_ACCOUNT).current_balance;
}

const cents = (reais: number) => Math.round(reais * 100);

describe('generating a batch', () => {
  test('nothing marked is a 422 nothing_to_remit; a past date names data_pagamento', async () => {
    const none = await createBatch();
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('nothing_to_remit');

    const past = await createBatch(addDays(today, -1));
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('validation_failed');
    expect(past.body.error.fields.data_pagamento).toBeDefined();

    const bad = await s.api('POST', '/pagamento-batches', { json: { data_pagamento: '2030-02-30' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.data_pagamento).toBeDefined();
  });

  test('a boleto without a supplier document cannot be marked, so it never reaches a batch', async () => {
    // the CNAB line needs the beneficiary's CPF/CNPJ; the refusal comes at mark time, naming why
    const created = await s.api('POST', '/payables', {
      json: {
        chart_of_accounts_id: MANUTENCAO,
        due_date: '2030-01-10',
        description: 'Serviço do mês',
        payee_name: 'Fornecedor sem cadastro',
        forma_pagamento: 'boleto',
        amount: 12_345, // the boleto's own value
        document_number: LINHA_DIGITAVEL,
      },
    });
    expect(created.status).toBe(201);
    const m = await s.api('POST', `/payables/${created.body.data.public_id}/mark-for-remessa`);
    expect(m.status).toBe(422);
    expect(m.body.error).toMatchObject({
      code: 'not_remittable',
      message: expect.stringMatching(/CPF or CNPJ/),
    });
    const r = await createBatch();
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('nothing_to_remit');
    expect((await s.api('DELETE', `/payables/${created.body.data.public_id}`)).status).toBe(204);
  });

  test('every marked payable goes into one batch, in_batch, with counts and totals per forma', async () => {
    const marked = await markFive();
    const r = await createBatch();
    expect(r.status, r.text).toBe(201);
    const b = r.body.data;
    expect(b).toMatchObject({
      state: 'generated',
      data_pagamento: payday,
      bank_account_id: PAYMENT_ACCOUNT,
      file_sequence: 1,
      file_name: `PAG240_${s.client('default').condominium}_000001.rem`,
      payables_count: 5,
      total_amount: 185_000 + 420_750 + 35_000 + 28_000 + 123_45,
      by_forma: {
        pix: { count: 2, total_amount: 220_000 },
        ted: { count: 1, total_amount: 420_750 },
        doc: { count: 1, total_amount: 28_000 },
        boleto: { count: 1, total_amount: 123_45 },
      },
      returns: [],
    });
    expect(b.public_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(b.payables.map((p: { public_id: string }) => p.public_id).sort()).toEqual(
      marked.map((p) => p.public_id).sort(),
    );
    for (const p of marked) {
      const now = (await s.api('GET', `/payables/${p.public_id}`)).body.data;
      expect(now).toMatchObject({ state: 'in_batch', batch_id: b.public_id });
    }
    const shown = await s.api('GET', `/pagamento-batches/${b.public_id}`);
    expect(shown.body.data.payables[0]).toMatchObject({
      state: 'in_batch',
      outcome: null,
      last_return: null,
    });
    expect(shown.body.data.payables[0]).toHaveProperty('payee_name');
    expect(shown.body.data.payables[0]).toHaveProperty('forma_pagamento');

    // the next batch takes the next file sequence (NSA)
    await payable({ supplier_id: LIMPEZA, forma_pagamento: 'ted', amount: 10_000 });
    const second = await createBatch();
    expect(second.status).toBe(201);
    expect(second.body.data.file_sequence).toBe(2);
    expect(second.body.data.file_name).toMatch(/_000002\.rem$/);
    const list = await s.api('GET', '/pagamento-batches');
    expect(list.body.meta.total).toBe(2);
    expect(list.body.data[0].public_id).toBe(second.body.data.public_id);
    expect(list.body.data[0]).not.toHaveProperty('payables');
    expect((await s.api('GET', '/pagamento-batches?state=returned')).body.meta.total).toBe(0);
    expect((await s.api('GET', '/pagamento-batches/01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
  });
});

describe('the remittance file', () => {
  test('is served as an attachment: 240-character CRLF lines the reader reads back', async () => {
    const batch = (await s.api('GET', '/pagamento-batches')).body.data.find(
      (b: { file_sequence: number }) => b.file_sequence === 1,
    );
    const { res, text } = await download(batch.public_id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; charset=us-ascii/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${batch.file_name}"`);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(line).toHaveLength(240);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const file = await readCnab240([Buffer.from(text)]);
    expect(file.errors).toEqual([]);
    expect(file.direction).toBe('remessa');
    // the payment account is at Itaú: SISPAG's dialect, whose header has no NSA of FEBRABAN's kind
    expect(file).toMatchObject({ dialect: 'itau-sispag', layout_version: '080', file_sequence: null });
    expect(text.slice(14, 17)).toBe('080');
    expect(file.company.document).toBeTruthy();
    const items = file.items.filter((i) => ['A', 'J', 'O'].includes(i.segment));
    expect(items).toHaveLength(batch.payables_count);
    expect(items.reduce((sum, i) => sum + (i.amount_cents ?? 0), 0)).toBe(batch.total_amount);
    const detail = (await s.api('GET', `/pagamento-batches/${batch.public_id}`)).body.data;
    expect(items.map((i) => i.seu_numero).sort()).toEqual(
      detail.payables.map((p: { public_id: string }) => toSeuNumero(p.public_id)).sort(),
    );
  });
});

describe('importing the return', () => {
  let batch: any;
  let rem: string;
  let ret: string;
  let rejectedId: string;
  let before: number;

  beforeAll(async () => {
    batch = (await s.api('GET', '/pagamento-batches')).body.data.find(
      (b: { file_sequence: number }) => b.file_sequence === 1,
    );
    rem = (await download(batch.public_id)).text;
    const detail = (await s.api('GET', `/pagamento-batches/${batch.public_id}`)).body.data;
    rejectedId = detail.payables.find((p: { forma_pagamento: string }) => p.forma_pagamento === 'ted')
      .public_id as string;
    ret = simulateBankReturn(rem, { reject: [toSeuNumero(rejectedId)], paymentDate: today }).text;
    before = await balance();
  });

  test('a remittance, a truncated file or garbage is a 422 invalid_file with line numbers', async () => {
    const asIs = await upload(batch.public_id, rem);
    expect(asIs.status).toBe(422);
    expect(asIs.body.error.code).toBe('invalid_file');

    const lines = ret.split('\r\n');
    const cut = await upload(batch.public_id, lines.slice(0, 4).join('\r\n'));
    expect(cut.status).toBe(422);
    expect(cut.body.error.code).toBe('invalid_file');
    expect(cut.body.error.errors.length).toBeGreaterThan(0);
    expect(cut.body.error.message).toMatch(/line \d+/);

    // #50 point 5: a payment's line cut before its codes, or trailers that count other than the file has, break the
    // structure: nothing of the file is applied (the balance is checked below)
    const segmentA = lines.findIndex((l) => l[7] === '3' && l[13] === 'A');
    const shortened = [...lines];
    shortened[segmentA] = `${lines[segmentA]!.slice(0, 100)}${lines[segmentA]!.slice(130)}`;
    const short = await upload(batch.public_id, shortened.join('\r\n'));
    expect(short.status).toBe(422);
    expect(short.body.error.message).toMatch(/structure is broken: nothing of it was applied/);
    expect(short.body.error.errors).toContainEqual(
      expect.objectContaining({
        line: segmentA + 1,
        message: expect.stringMatching(/ends before its occurrence codes/),
      }),
    );
    const miscounted = [...lines];
    const fileTrailer = miscounted.findIndex((l) => l[7] === '9');
    miscounted[fileTrailer] = `${lines[fileTrailer]!.slice(0, 23)}999999${lines[fileTrailer]!.slice(29)}`;
    const counts = await upload(batch.public_id, miscounted.join('\r\n'));
    expect(counts.status).toBe(422);
    expect(counts.body.error.errors).toContainEqual(
      expect.objectContaining({
        line: fileTrailer + 1,
        message: expect.stringMatching(/file trailer counts 999999 records/),
      }),
    );

    const broken = [...lines];
    broken[3] = `XYZ${'9'.repeat(237)}`;
    const garbage = await upload(batch.public_id, broken.join('\r\n'));
    expect(garbage.status).toBe(422);
    expect(garbage.body.error.code).toBe('invalid_file');
    expect(garbage.body.error.errors).toContainEqual(expect.objectContaining({ line: 4 }));
    expect(garbage.body.error.fields.file[0]).toMatch(/^line 4: /);

    const form = new FormData();
    form.set('note', 'no file here');
    const missing = await s.call(
      'POST',
      `/condominiums/${s.client('default').condominium}/pagamento-batches/${batch.public_id}/retorno`,
      { token: await s.token(), body: form },
    );
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.file).toBeDefined();

    const big = await upload(batch.public_id, Buffer.alloc(51 * 1024 * 1024, 0x30));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    // nothing moved
    expect(await balance()).toBe(before);
  });

  test('paid payables are paid with a ledger entry each; the rejected ones are pending again', async () => {
    const r = await upload(batch.public_id, ret, 'ret-import-1');
    expect(r.status, r.text).toBe(200);
    // the TED rejected as asked, and the DOC by the bank itself: DOC ended on 29/02/2024 (AK, the câmara refused)
    expect(r.body.data).toMatchObject({
      paid: 3,
      scheduled: 0,
      rejected: 2,
      unchanged: 0,
      unknown: 0,
      lines: 5,
    });
    expect(r.body.data.batch.state).toBe('returned');
    expect(r.body.data.batch.returns).toHaveLength(1);
    expect(r.body.data.batch.returns[0]).toMatchObject({ paid: 3, rejected: 2, lines: 5 });
    expect(r.body.data.batch.returns[0].file_sha256).toMatch(/^[0-9a-f]{64}$/);

    const rejected = (await s.api('GET', `/payables/${rejectedId}`)).body.data;
    expect(rejected).toMatchObject({ state: 'pending', batch_id: null, paid_at: null });
    expect(rejected.last_return.code).toMatch(/^[0-9A-Z]{2}$/);
    expect(occurrenceKind(rejected.last_return.code, '341')).toBe('rejected');
    expect(rejected.last_return.message.length).toBeGreaterThan(3);
    const doc = r.body.data.batch.payables.find(
      (p: { forma_pagamento: string }) => p.forma_pagamento === 'doc',
    );
    const docNow = (await s.api('GET', `/payables/${doc.public_id}`)).body.data;
    expect(docNow).toMatchObject({ state: 'pending', last_return: { code: 'AK' } });

    const paidRows = r.body.data.batch.payables.filter((p: { state: string }) => p.state === 'paid');
    expect(paidRows).toHaveLength(3);
    let paidSum = 0;
    for (const row of paidRows) {
      const p = (await s.api('GET', `/payables/${row.public_id}`)).body.data;
      expect(p).toMatchObject({ state: 'paid', paid_at: today, paid_amount: row.amount });
      expect(p.last_return.code).toBe('00');
      paidSum += p.paid_amount;
    }

    const entries = await s.api('GET', `/account-entries?source=payable&from=${today}&to=${today}`);
    expect(entries.status).toBe(200);
    expect(entries.body.meta.total).toBe(3);
    const sum = entries.body.data.reduce((t: number, e: { amount: number }) => t + cents(e.amount), 0);
    expect(sum).toBe(paidSum);
    const elevadores = entries.body.data.find((e: { supplier_id: number }) => e.supplier_id === ELEVADORES);
    expect(elevadores).toMatchObject({
      type: 'expense',
      chart_of_accounts_id: MANUTENCAO,
      bank_account_id: PAYMENT_ACCOUNT,
      amount: 1850,
      paid_at: today,
      period: today.slice(0, 7),
      source: 'payable',
      payment_method: 'pix',
      reconciled: false,
      transfer_id: null,
    });
    expect(cents(before) - cents(await balance())).toBe(paidSum);

    const filtered = await s.api('GET', `/account-entries?chart_of_accounts_id=${LIMPEZA_CONTA}`);
    expect(filtered.body.meta.total).toBe(0); // the limpeza TED was the rejected one
    expect((await s.api('GET', '/account-entries?type=revenue&source=payable')).body.meta.total).toBe(0);
    expect((await s.api('GET', '/account-entries?from=2030-13-01')).status).toBe(422);
  });

  test('the same request again is replayed; the same file again changes nothing', async () => {
    const replay = await upload(batch.public_id, ret, 'ret-import-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('1');

    const balanceBefore = await balance();
    const again = await upload(batch.public_id, ret);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ paid: 0, scheduled: 0, rejected: 0, unchanged: 5, unknown: 0 });
    expect(again.body.data.batch.returns).toHaveLength(2);
    expect(again.body.data.batch.state).toBe('returned');
    expect(await balance()).toBe(balanceBefore);
    expect((await s.api('GET', '/account-entries?source=payable')).body.meta.total).toBe(3);
    const rejected = (await s.api('GET', `/payables/${rejectedId}`)).body.data;
    expect(rejected.state).toBe('pending');
  });

  test('lines of another batch are counted as unknown and not applied', async () => {
    const other = (await s.api('GET', '/pagamento-batches')).body.data.find(
      (b: { file_sequence: number }) => b.file_sequence === 2,
    );
    const foreign = simulateBankReturn(rem).text; // batch 1's return, uploaded to batch 2
    const r = await upload(other.public_id, foreign);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ paid: 0, unknown: 5, lines: 5 });
    expect(r.body.data.warnings.length).toBeGreaterThanOrEqual(5);
    expect(r.body.data.batch.state).toBe('generated');
  });

  test('a schedule-only return, then the paid return', async () => {
    const p = await payable({ supplier_id: JARDINEIRO, forma_pagamento: 'pix', amount: 9_990 });
    const b = (await createBatch()).body.data;
    const file = (await download(b.public_id)).text;
    const balanceBefore = await balance();

    const scheduled = await upload(b.public_id, simulateBankReturn(file, { scheduleOnly: true }).text);
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ scheduled: 1, paid: 0 });
    expect(scheduled.body.data.batch.state).toBe('partially_returned');
    const mid = (await s.api('GET', `/payables/${p.public_id}`)).body.data;
    expect(mid).toMatchObject({ state: 'scheduled', batch_id: b.public_id });
    expect(mid.last_return.code).toBe('BD');
    expect(await balance()).toBe(balanceBefore);

    const paid = await upload(b.public_id, simulateBankReturn(file, { paymentDate: today }).text);
    expect(paid.body.data).toMatchObject({ paid: 1, scheduled: 0 });
    expect(paid.body.data.batch.state).toBe('returned');
    expect((await s.api('GET', `/payables/${p.public_id}`)).body.data).toMatchObject({
      state: 'paid',
      paid_amount: 9_990,
    });
    expect(cents(balanceBefore) - cents(await balance())).toBe(9_990);
  });

  test('a payable rejected earlier and pending again stays as it is', async () => {
    const r = await upload(batch.public_id, simulateBankReturn(rem, { rejectRate: 1 }).text);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rejected: 0, unchanged: 5 });
    expect((await s.api('GET', `/payables/${rejectedId}`)).body.data.state).toBe('pending');
  });

  test('reads need payments.read, imports payments.write; entries plano-de-contas.read', async () => {
    const readOnly = await s.token('read-only');
    expect((await s.api('GET', '/pagamento-batches', { token: readOnly })).status).toBe(200);
    expect((await s.api('GET', '/account-entries', { token: readOnly })).status).toBe(200);
    const denied = await s.api('POST', '/pagamento-batches', {
      token: readOnly,
      json: { data_pagamento: payday },
    });
    expect(denied.status).toBe(403);
    const narrow = await s.token('default', 'payments.read');
    expect((await s.api('GET', '/account-entries', { token: narrow })).status).toBe(403);
  });
});

describe('persistence', () => {
  test('batches and their files survive a restart', async () => {
    const list = (await s.api('GET', '/pagamento-batches')).body;
    const first = list.data.find((b: { file_sequence: number }) => b.file_sequence === 1);
    const before = (await download(first.public_id)).text;
    // the file is a row of the database, committed with the batch (sqlite3 sandbox.db can read it)
    const db = openPlain(join(s.dataDir, DB_FILE));
    const rows = db
      .prepare('SELECT content FROM batch_file_chunks WHERE batch_id = ? ORDER BY seq')
      .all(first.public_id) as { content: Buffer }[];
    db.close();
    expect(Buffer.concat(rows.map((r) => r.content)).toString('latin1')).toBe(before);

    await s.restart();
    const after = (await s.api('GET', '/pagamento-batches', { token: await s.token() })).body;
    expect(after.meta.total).toBe(list.meta.total);
    const again = await s.api('GET', `/pagamento-batches/${first.public_id}`, { token: await s.token() });
    expect(again.body.data).toMatchObject({ state: 'returned', file_sequence: 1 });
    expect(again.body.data.returns.length).toBeGreaterThanOrEqual(2);
    expect((await download(first.public_id)).text).toBe(before);
    expect(
      (await s.api('GET', '/account-entries?source=payable', { token: await s.token() })).body.meta.total,
    ).toBe(4);

    // the NSA keeps counting after a restart
    await payable({ supplier_id: LIMPEZA, forma_pagamento: 'ted', amount: 1_000 });
    const next = await s.api('POST', '/pagamento-batches', {
      token: await s.token(),
      json: { data_pagamento: payday },
    });
    expect(next.body.data.file_sequence).toBe(list.meta.total + 1);
  });
});
