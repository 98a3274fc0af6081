// A condominium that pays from its Caixa account: the remittance is in Caixa's SIACC layout, whose segment A
// takes a 6-digit document number, so each payment goes under its position in the batch; the bank's return
// quotes those numbers and settles the right payables.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { nextBusinessDay } from '../../../src/domain/business-days.js';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { readCnab240 } from '../../../src/formats/cnab240/index.js';
import { DB_FILE, openPlain } from '../../../src/sandbox/db/sqlite.js';
import { simulateBankReturn } from '../../../src/sandbox/index.js';
import { type Session, sandboxSession } from './session.js';

const ELEVADORES = 1; // bank data and a CNPJ PIX key
const LIMPEZA = 2; // bank data only (TED)
const MANUTENCAO = 23;
const CAIXA = 2; // bank 104, agency 1679, account 022.00023456-3 (operação 022)

const today = todayIn(new Date());
const payday = nextBusinessDay(addDays(today, 1));
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
  // the condominium's payments now leave from its Caixa account
  const db = openPlain(join(s.dataDir, DB_FILE), { writable: true });
  db.prepare('UPDATE bank_accounts SET is_payment_account = (id = ?)').run(CAIXA);
  db.close();
});
afterAll(() => s.close());

async function marked(json: Record<string, unknown>): Promise<string> {
  const r = await s.api('POST', '/payables', {
    json: { chart_of_accounts_id: MANUTENCAO, due_date: '2030-01-10', description: 'Serviço', ...json },
  });
  expect(r.status, r.text).toBe(201);
  expect((await s.api('POST', `/payables/${r.body.data.public_id}/mark-for-remessa`)).status).toBe(200);
  return r.body.data.public_id;
}

test('a Caixa account pays in SIACC: header, 6-digit document numbers, a return that settles them', async () => {
  const pix = await marked({ supplier_id: ELEVADORES, forma_pagamento: 'pix', amount: 1_850 });
  const ted = await marked({ supplier_id: LIMPEZA, forma_pagamento: 'ted', amount: 4_200 });
  const created = await s.api('POST', '/pagamento-batches', { json: { data_pagamento: payday } });
  expect(created.status, created.text).toBe(201);
  const batch = created.body.data;

  const slug = s.client('default').condominium;
  const res = await fetch(
    `${s.sandbox.baseUrl}/api/v1/condominiums/${slug}/pagamento-batches/${batch.public_id}/file`,
    { headers: { authorization: `Bearer ${await s.token()}` } },
  );
  const rem = await res.text();
  const lines = rem.split('\r\n').slice(0, -1);
  const header = lines[0]!;
  expect(at(header, 1, 3)).toBe('104');
  // the account's convênio (33-38); its conta carries the operação, 0022 (a company's savings), before it (#51)
  expect(at(header, 33, 52)).toBe(`417520${'00'}P${' '.repeat(4)}0000${' '.repeat(3)}`);
  expect(at(header, 53, 72)).toBe('01679 0022000234563 ');
  expect(at(header, 164, 166)).toBe('080');
  const lote = lines.find((l) => l[7] === '1')!;
  expect(at(lote, 14, 16)).toBe('041');

  const file = await readCnab240(Buffer.from(rem));
  expect(file).toMatchObject({ dialect: 'caixa', errors: [] });
  const items = file.items.filter((i) => i.segment === 'A');
  // position in the batch, 6 digits, at 74-79 of segment A
  expect(items.map((i) => i.seu_numero).sort()).toEqual(['000001', '000002']);
  for (const a of lines.filter((l) => l[7] === '3' && l[13] === 'A')) {
    expect(at(a, 74, 79)).toMatch(/^00000[12]$/);
    expect(at(a, 80, 93).trim()).toBe('');
  }
  const detail = (await s.api('GET', `/pagamento-batches/${batch.public_id}`)).body.data;
  const seuOf = (id: string) =>
    detail.payables.find((p: { public_id: string }) => p.public_id === id).seu_numero as string;
  expect([seuOf(pix), seuOf(ted)].sort()).toEqual(['000001', '000002']);

  // the bank rejects the TED, quoting its number; the return is in the same layout
  const ret = simulateBankReturn(rem, { reject: [seuOf(ted)], paymentDate: payday }).text;
  const back = await readCnab240(Buffer.from(ret));
  expect(back).toMatchObject({ dialect: 'caixa', direction: 'retorno', errors: [] });
  const form = new FormData();
  form.set('file', new Blob([ret]), 'retorno.ret');
  const imported = await s.call(
    'POST',
    `/condominiums/${slug}/pagamento-batches/${batch.public_id}/retorno`,
    {
      token: await s.token(),
      body: form,
    },
  );
  expect(imported.status, imported.text).toBe(200);
  expect((await s.api('GET', `/payables/${pix}`)).body.data.state).toBe('paid');
  expect((await s.api('GET', `/payables/${ted}`)).body.data.state).toBe('pending');
});
