import { describe, expect, test } from 'vitest';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from '../../../src/domain/documents.js';
import {
  occurrenceKind,
  type RemittancePayment,
  readCnab240Sync,
  writePaymentRemittance,
} from '../../../src/formats/cnab240/index.js';
import { simulateBankReturn } from '../../../src/sandbox/index.js';

const CNPJ = cnpjWithCheckDigits('112223330001');
const BOLETO = '34191.79001 01043.510047 91020.150008 3 97560000012345';

function payments(n: number): RemittancePayment[] {
  return Array.from({ length: n }, (_, i): RemittancePayment => {
    const base = {
      seuNumero: `SEU${String(i + 1).padStart(5, '0')}`,
      amountCents: 10_000 + i,
      payeeName: `Fornecedor ${i + 1}`,
      payeeDocument: cpfWithCheckDigits(String(100_000_001 + i * 7)),
    };
    switch (i % 4) {
      case 0:
        return { ...base, forma: 'pix', pixKey: 'financeiro@fornecedor.com.br', pixKeyType: 'email' };
      case 1:
        return {
          ...base,
          forma: 'ted',
          bank: { bankCode: '237', agency: '3321', account: '71234', accountDigit: '5' },
        };
      case 2:
        return {
          ...base,
          forma: 'pix',
          bank: { bankCode: '260', agency: '0001', account: '9384756', accountDigit: '1' },
        };
      default:
        return { ...base, amountCents: 12_345, forma: 'boleto', barcode: BOLETO };
    }
  });
}

function remittance(n = 12, bankCode = '341', list = payments(n)): string {
  return writePaymentRemittance({
    company: {
      name: 'Condomínio Teste',
      document: CNPJ,
      bankCode,
      bankName: bankCode === '341' ? 'Itaú Unibanco S.A.' : 'another bank',
      agency: '0350',
      account: '12345',
      accountDigit: '6',
    },
    fileSequence: 7,
    generatedAt: '2030-01-09T10:00:00',
    paymentDate: '2030-01-10',
    payments: list,
  });
}

function outcomes(text: string) {
  const file = readCnab240Sync(text);
  expect(file.errors).toEqual([]);
  expect(file.direction).toBe('retorno');
  return file.items
    .filter((i) => ['A', 'J', 'O'].includes(i.segment))
    .map((i) => ({
      seu: i.seu_numero,
      status: i.status,
      codes: i.occurrences.map((o) => o.code),
      paid: i.paid_amount_cents ?? (i.segment === 'J' ? i.amount_cents : null),
      paidDate: i.paid_date ?? i.date,
    }));
}

describe('simulateBankReturn', () => {
  test('by default every payment is paid (00) with its amount and date', () => {
    const r = simulateBankReturn(remittance(), { paymentDate: '2030-01-11' });
    expect(r).toMatchObject({ paid: 12, scheduled: 0, rejected: 0 });
    const rows = outcomes(r.text);
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.status).toBe('paid');
      expect(row.codes).toEqual(['00']);
      expect(row.paid).toBeGreaterThan(0);
    }
    expect(rows.filter((x) => x.paidDate === '2030-01-11').length).toBeGreaterThan(0);
    for (const line of r.text.split('\r\n').slice(0, -1)) expect(line).toHaveLength(240);
  });

  test('the reject list rejects exactly those seu números with real codes that fit the payment', () => {
    const r = simulateBankReturn(remittance(), { reject: ['SEU00001', 'SEU00002', 'SEU00003', 'SEU00004'] });
    expect(r).toMatchObject({ paid: 8, rejected: 4 });
    const rows = outcomes(r.text);
    const rejected = rows.filter((x) => x.status === 'rejected');
    expect(rejected.map((x) => x.seu).sort()).toEqual(['SEU00001', 'SEU00002', 'SEU00003', 'SEU00004']);
    for (const x of rejected) expect(occurrenceKind(x.codes[0]!, '341')).toBe('rejected');
    const by = Object.fromEntries(rejected.map((x) => [x.seu, x.codes[0]]));
    expect(['PJ', 'PM', 'PG', 'HF']).toContain(by.SEU00001); // PIX by key
    expect(['AM', 'AN', 'BG', 'AL', 'HF']).toContain(by.SEU00002); // TED (Itaú: no AG)
    expect(['PD', 'PC', 'AN', 'HF']).toContain(by.SEU00003); // PIX by account
    expect(['CC', 'ZK', 'CF', 'HF']).toContain(by.SEU00004); // boleto
  });

  test('a reject rate with a seed is deterministic; another seed differs', () => {
    const rem = remittance(40);
    const a = simulateBankReturn(rem, { rejectRate: 0.5, seed: 42 });
    const b = simulateBankReturn(rem, { rejectRate: 0.5, seed: 42 });
    expect(b.text).toBe(a.text);
    expect(a.rejected).toBeGreaterThan(5);
    expect(a.rejected).toBeLessThan(35);
    expect(a.paid + a.rejected).toBe(40);
    const c = simulateBankReturn(rem, { rejectRate: 0.5, seed: 43 });
    expect(c.text).not.toBe(a.text);
    // without a seed the file itself seeds the choice
    expect(simulateBankReturn(rem, { rejectRate: 0.5 }).text).toBe(
      simulateBankReturn(rem, { rejectRate: 0.5 }).text,
    );
    expect(simulateBankReturn(rem, { rejectRate: 1 }).rejected).toBe(40);
    expect(simulateBankReturn(rem, { rejectRate: 0 }).rejected).toBe(0);
  });

  test('each bank refuses in its own codes: at Santander, whose ZK is no refusal, a boleto is never refused with ZK', () => {
    const r = simulateBankReturn(remittance(40, '033'), { rejectRate: 1, seed: 7 });
    expect(r.rejected).toBe(40);
    const rows = outcomes(r.text);
    for (const x of rows) {
      expect(x.status).toBe('rejected');
      expect(occurrenceKind(x.codes[0]!, '033')).toBe('rejected');
    }
    expect(rows.some((x) => x.codes.includes('ZK'))).toBe(false);
    expect(rows.some((x) => x.codes.includes('CD'))).toBe(true);
  });

  test('schedule-only answers BD for what is not rejected', () => {
    const r = simulateBankReturn(remittance(), { scheduleOnly: true, reject: ['SEU00005'] });
    expect(r).toMatchObject({ paid: 0, scheduled: 11, rejected: 1 });
    const rows = outcomes(r.text);
    expect(rows.filter((x) => x.status === 'scheduled').every((x) => x.codes[0] === 'BD')).toBe(true);
  });

  test('refuses what is not a readable payment remittance, and unknown seu números', () => {
    const rem = remittance(3);
    expect(() => simulateBankReturn('')).toThrow(/empty/);
    expect(() => simulateBankReturn('hello world\r\n')).toThrow(/not a readable CNAB 240 file: line 1/);
    expect(() => simulateBankReturn(simulateBankReturn(rem).text)).toThrow(/already a bank return/);
    const lines = rem.split('\r\n');
    expect(() => simulateBankReturn(lines.slice(0, -2).join('\r\n'))).toThrow(/truncated/);
    expect(() => simulateBankReturn(rem, { reject: ['NOPE'] })).toThrow(/NOPE/);
    expect(() => simulateBankReturn(rem, { rejectRate: 2 })).toThrow(/rate/);
    expect(() => simulateBankReturn(rem, { paymentDate: '2030-02-30' })).toThrow(/payment date/);
  });

  test('a Caixa file numbers its payments: a payable id refused with where to find the numbers', () => {
    const numbered = payments(2).map((p, i) => ({ ...p, seuNumero: String(i + 1) }));
    // Caixa's layout (the bank's own, for 104) numbers each payment
    const caixa = remittance(2, '104', numbered);
    expect(() => simulateBankReturn(caixa, { reject: ['01KWERPAYABLE0000000000001'] })).toThrow(
      /no payment with that seu número in the remittance \(Caixa numbers the payments of its files: see the SEU NÚMERO column of `condo cnab inspect FILE`\)/,
    );
    expect(simulateBankReturn(caixa, { reject: ['000001:AN'] })).toMatchObject({ rejected: 1, paid: 1 });
  });
});
