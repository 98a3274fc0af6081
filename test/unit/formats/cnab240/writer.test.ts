import { describe, expect, test } from 'vitest';
import {
  Cnab240InputError,
  type RemittancePayment,
  readCnab240Sync,
  remittanceLines,
  toBarcode,
  toSeuNumero,
  writePaymentRemittance,
} from '../../../../src/formats/cnab240/index.js';
import { COMPANY, OTHER_BOLETO, OWN_BOLETO, sampleInput, samplePayments, UTILITY } from './fixtures.js';

/** Characters `from`..`to`, 1-based inclusive, as the FEBRABAN manual prints positions. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

const text = writePaymentRemittance(sampleInput());
const lines = text.split('\r\n').slice(0, -1);

describe('remittance layout', () => {
  test('every line has 240 ASCII characters and ends with CRLF', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of lines) {
      expect(line).toHaveLength(240);
      expect(line).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  test('the generator yields the same lines the string helper joins', () => {
    expect([...remittanceLines(sampleInput())]).toEqual(lines);
  });

  test('file header: bank, company, remessa code, date, time, NSA', () => {
    const h = lines[0]!;
    expect(at(h, 1, 8)).toBe('34100000');
    expect(at(h, 18, 32)).toBe('211222333000181');
    expect(at(h, 53, 72)).toBe(`01234${'5'}000000067890${'0'} `);
    expect(at(h, 73, 102).trim()).toBe('CONDOMINIO EDIFICIO SAO LUIS');
    expect(at(h, 143, 143)).toBe('1');
    expect(at(h, 144, 157)).toBe('01032025093015');
    expect(at(h, 158, 163)).toBe('000042');
  });

  test('one lote per forma, in order, with service 20 (22 for arrecadação)', () => {
    const headers = lines.filter((l) => l[7] === '1');
    expect(headers.map((l) => at(l, 4, 7))).toEqual(['0001', '0002', '0003', '0004', '0005', '0006']);
    expect(headers.map((l) => at(l, 9, 13))).toEqual(['C2045', 'C2041', 'C2003', 'C2030', 'C2031', 'C2211']);
  });

  test('lote trailers count the lote records and sum its amounts; file trailer counts lotes and records', () => {
    const payments = samplePayments();
    const expectedSums = [
      payments.filter((p) => p.forma === 'pix'),
      payments.filter((p) => p.forma === 'ted'),
      payments.filter((p) => p.forma === 'doc'),
      [payments[8]!],
      [payments[9]!],
      [payments[10]!],
    ].map((group) => group.reduce((s, p) => s + p.amountCents, 0));
    const trailers = lines.filter((l) => l[7] === '5');
    trailers.forEach((t, i) => {
      const lote = at(t, 4, 7);
      const records = lines.filter((l) => at(l, 4, 7) === lote).length;
      expect(Number(at(t, 18, 23))).toBe(records);
      expect(Number(at(t, 24, 41))).toBe(expectedSums[i]);
    });
    const ft = lines.at(-1)!;
    expect(at(ft, 1, 8)).toBe('34199999');
    expect(Number(at(ft, 18, 23))).toBe(6);
    expect(Number(at(ft, 24, 29))).toBe(lines.length);
  });

  test('details are numbered 1.. within each lote', () => {
    for (const lote of ['0001', '0002', '0003', '0004', '0005', '0006']) {
      const seqs = lines.filter((l) => l[7] === '3' && at(l, 4, 7) === lote).map((l) => Number(at(l, 9, 13)));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  test('segment A carries the seu número at 74-93 and the amount at 120-134; B the PIX key', () => {
    const a = lines.filter((l) => at(l, 14, 14) === 'A');
    expect(a.map((l) => at(l, 74, 93).trim())).toEqual(
      samplePayments()
        .slice(0, 8)
        .map((p) => p.seuNumero),
    );
    expect(a.map((l) => Number(at(l, 120, 134)))).toEqual(
      samplePayments()
        .slice(0, 8)
        .map((p) => p.amountCents),
    );
    expect(at(a[0]!, 44, 73).trim()).toBe('JOSE ACAO CEARA');
    expect(at(a[0]!, 18, 20)).toBe('009');
    expect(at(a[6]!, 18, 26)).toBe('018237000');
    expect(at(a[6]!, 220, 224)).toBe('00005');
    expect(at(a[7]!, 18, 20)).toBe('700');
    const b = lines.filter((l) => at(l, 14, 14) === 'B');
    expect(b.slice(0, 6).map((l) => at(l, 15, 17))).toEqual(['03 ', '03 ', '02 ', '01 ', '04 ', '05 ']);
    expect(b.slice(0, 5).map((l) => at(l, 128, 226).trim())).toEqual([
      '52998224725',
      '11444777000161',
      'contas@jardim.com.br',
      '+5511987654321',
      '123e4567-e89b-42d3-a456-426614174000',
    ]);
    expect(at(b[6]!, 18, 32)).toBe('211444777000161');
  });

  test('boletos: J with barcode, due date, values and seu número; J-52 with payer and beneficiary', () => {
    const j = lines.filter((l) => at(l, 14, 14) === 'J' && at(l, 18, 19) !== '52');
    expect(j.map((l) => at(l, 18, 61))).toEqual([OWN_BOLETO, OTHER_BOLETO]);
    expect(at(j[1]!, 92, 99)).toBe('10032025');
    expect(Number(at(j[1]!, 100, 114))).toBe(99_900);
    expect(Number(at(j[1]!, 115, 129))).toBe(4_900);
    expect(Number(at(j[1]!, 153, 167))).toBe(95_000);
    expect(at(j[1]!, 145, 152)).toBe('05032025');
    expect(at(j[1]!, 183, 202).trim()).toBe('BOLOTH0010');
    const j52 = lines.filter((l) => at(l, 14, 14) === 'J' && at(l, 18, 19) === '52');
    expect(j52).toHaveLength(2);
    expect(at(j52[0]!, 20, 35)).toBe('2011222333000181');
    expect(at(j52[0]!, 76, 91)).toBe('2011444777000161');
    const o = lines.filter((l) => at(l, 14, 14) === 'O');
    expect(at(o[0]!, 18, 61)).toBe(UTILITY.barcode);
    // vencimento is the slip's due date (2025-03-15), the payment date (2025-03-05) goes in its own field
    expect(at(o[0]!, 92, 99)).toBe('15032025');
    expect(at(o[0]!, 100, 107)).toBe('05032025');
    expect(at(o[0]!, 123, 142).trim()).toBe('UTIL0011');
  });
});

describe('round trip through the reader', () => {
  const file = readCnab240Sync(text);

  test('reads back cleanly: bank, direction, service, counts and sums', () => {
    expect(file.errors).toEqual([]);
    expect(file.warnings).toEqual([]);
    expect(file).toMatchObject({
      bank_code: '341',
      direction: 'remessa',
      service: 'payment',
      file_sequence: 42,
    });
    expect(file.lines).toBe(lines.length);
    expect(file.details).toBe(samplePayments().length);
    expect(file.total_amount_cents).toBe(samplePayments().reduce((s, p) => s + p.amountCents, 0));
    expect(file.generated_at).toBe('2025-03-01T09:30:15');
    for (const b of file.batches) {
      expect(b.trailer_count).toBe(b.records);
      expect(b.trailer_amount_cents).toBe(b.total_amount_cents);
    }
  });

  test('items keep seu número, amount, payee and forma', () => {
    const payments = samplePayments();
    expect(file.items.map((i) => i.seu_numero)).toEqual(payments.map((p) => p.seuNumero));
    expect(file.items.map((i) => i.amount_cents)).toEqual(payments.map((p) => p.amountCents));
    expect(file.items.map((i) => i.forma)).toEqual([
      '45',
      '45',
      '45',
      '45',
      '45',
      '45',
      '41',
      '03',
      '30',
      '31',
      '11',
    ]);
    // segment O (arrecadação) has no place for the payee's document
    expect(file.items.map((i) => i.payee_document)).toEqual(
      payments.map((p) => (p.seuNumero === 'UTIL0011' ? null : (p.payeeDocument ?? '').replace(/\D/g, ''))),
    );
    expect(file.items[2]!.pix_key).toBe('contas@jardim.com.br');
    expect(file.items[6]!.payee_bank).toEqual({
      bank_code: '237',
      agency: '000019',
      account: '0000000123456',
      agency_parts: { number: '00001', digit: '9' },
      account_parts: { number: '000000012345', digit: '6' },
    });
    expect(file.items[9]!.due_date).toBe('2025-03-10');
    expect(file.items.every((i) => i.occurrences.length === 0 && i.status === null)).toBe(true);
  });
});

describe('input validation names the field', () => {
  const cases: Array<[string, (p: RemittancePayment[]) => void, string]> = [
    ['zero amount', (p) => Object.assign(p[0]!, { amountCents: 0 }), 'payments[0].amountCents'],
    ['fractional amount', (p) => Object.assign(p[0]!, { amountCents: 10.5 }), 'payments[0].amountCents'],
    ['TED without bank data', (p) => Object.assign(p[6]!, { bank: undefined }), 'payments[6].bank'],
    [
      'TED without account digit',
      (p) => Object.assign(p[6]!, { bank: { bankCode: '237', agency: '1', account: '2' } }),
      'payments[6].bank.accountDigit',
    ],
    ['PIX without key or bank', (p) => Object.assign(p[0]!, { pixKey: undefined }), 'payments[0].pixKey'],
    [
      'PIX key without type',
      (p) => Object.assign(p[0]!, { pixKeyType: undefined }),
      'payments[0].pixKeyType',
    ],
    ['invalid CPF key', (p) => Object.assign(p[0]!, { pixKey: '52998224724' }), 'payments[0].pixKey'],
    ['invalid random key', (p) => Object.assign(p[4]!, { pixKey: 'not-a-uuid' }), 'payments[4].pixKey'],
    [
      'seu número over 20',
      (p) => Object.assign(p[0]!, { seuNumero: '01JAZ3X8Y9K2M4N6P8Q0R2S4T6' }),
      'payments[0].seuNumero',
    ],
    [
      'invalid payee CPF',
      (p) => Object.assign(p[3]!, { payeeDocument: '12345678900' }),
      'payments[3].payeeDocument',
    ],
    [
      'barcode check digit',
      (p) =>
        Object.assign(p[8]!, {
          barcode: `${OWN_BOLETO.slice(0, 4)}${(Number(OWN_BOLETO[4]) + 1) % 10}${OWN_BOLETO.slice(5)}`,
        }),
      'payments[8].barcode',
    ],
    ['short barcode', (p) => Object.assign(p[8]!, { barcode: '1234' }), 'payments[8].barcode'],
    ['unknown forma', (p) => Object.assign(p[0]!, { forma: 'cheque' }), 'payments[0].forma'],
  ];
  test.each(cases)('%s', (_name, mutate, field) => {
    const payments = samplePayments();
    mutate(payments);
    expect(() => writePaymentRemittance(sampleInput(payments))).toThrow(Cnab240InputError);
    try {
      writePaymentRemittance(sampleInput(payments));
    } catch (e) {
      expect((e as Cnab240InputError).field).toBe(field);
    }
  });

  test('company, dates and the payment list', () => {
    const base = sampleInput();
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as Cnab240InputError).field;
      }
      return null;
    };
    expect(fieldOf(() => writePaymentRemittance({ ...base, payments: [] }))).toBe('payments');
    expect(fieldOf(() => writePaymentRemittance({ ...base, paymentDate: '2025-02-30' }))).toBe('paymentDate');
    expect(fieldOf(() => writePaymentRemittance({ ...base, fileSequence: 0 }))).toBe('fileSequence');
    expect(
      fieldOf(() => writePaymentRemittance({ ...base, company: { ...COMPANY, document: '11222333000180' } })),
    ).toBe('company.document');
    expect(fieldOf(() => writePaymentRemittance({ ...base, generatedAt: 'yesterday' }))).toBe('generatedAt');
  });
});

describe('helpers', () => {
  test('a linha digitável converts to its barcode', () => {
    const p = samplePayments()[9] as { barcode: string };
    expect(toBarcode(p.barcode)).toBe(OTHER_BOLETO);
    expect(toBarcode(UTILITY.linha)).toBe(UTILITY.barcode);
  });

  test('toSeuNumero keeps the last 20 characters of a ULID', () => {
    expect(toSeuNumero('01JAZ3X8Y9K2M4N6P8Q0R2S4T6')).toBe('X8Y9K2M4N6P8Q0R2S4T6');
    expect(toSeuNumero('01JAZ3X8Y9K2M4N6P8Q0R2S4T6')).toHaveLength(20);
    expect(toSeuNumero('abc-123')).toBe('ABC123');
  });

  test('a Date is written in Brasília time', () => {
    const t = writePaymentRemittance({ ...sampleInput(), generatedAt: new Date('2025-03-01T02:05:09Z') });
    expect(at(t, 144, 157)).toBe('28022025230509');
  });
});

describe('limits of the layout', () => {
  const ted = samplePayments().find((p) => p.forma === 'ted') as RemittancePayment;
  const teds = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...ted, seuNumero: `BULK${String(i).padStart(10, '0')}` }));

  test('a forma of more than 99,999 records goes on in a second lote, and the reader finds nothing amiss', () => {
    const big = readCnab240Sync(writePaymentRemittance(sampleInput(teds(50_001))));
    expect(big.errors).toEqual([]);
    expect(big.batches.map((b) => b.records)).toEqual([99_998 + 2, 4 + 2]);
    expect(big.details).toBe(50_001);
    expect(big.batches.map((b) => b.trailer_count)).toEqual(big.batches.map((b) => b.records));
  });

  test('more records than a file holds (999,999) is refused, naming the payments', () => {
    expect(() => writePaymentRemittance(sampleInput(teds(500_000)))).toThrow(
      /payments.*more than a file holds \(999999\)/,
    );
  });
});
