import { describe, expect, test } from 'vitest';
import {
  classifyOccurrences,
  decodePaymentOccurrences,
  readCnab240Sync,
  writePaymentRemittance,
  writePaymentReturn,
} from '../../../../src/formats/cnab240/index.js';
import { sampleInput, samplePayments } from './fixtures.js';

const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** The bank's decision per seu número: what the sandbox's simulator would be asked to do. */
const decisions: Record<string, string | string[]> = {
  PIXCPF0001: '00',
  PIXCNPJ0002: 'PJ',
  PIXMAIL0003: 'BD',
  PIXFONE0004: ['00', 'ZA'],
  PIXRAND0005: '00',
  PIXBANK0006: ['AG', 'AN'],
  '01J9Z3TED0000000007': '00',
  DOC0008: 'HF',
  BOLOWN0009: 'BD',
  BOLOTH0010: '00',
  UTIL0011: 'ZK',
};

const remittance = writePaymentRemittance(sampleInput());
const ret = writePaymentReturn(remittance, (item) => ({ code: decisions[item.seu_numero ?? '']! }), {
  generatedAt: '2025-03-05T18:00:00',
});
const retLines = ret.split('\r\n').slice(0, -1);
const file = readCnab240Sync(ret);

describe('bank return of a remittance', () => {
  test('same records, header position 143 = 2, CRLF, 240 characters', () => {
    expect(retLines).toHaveLength(remittance.split('\r\n').length - 1);
    expect(at(retLines[0]!, 143, 157)).toBe('205032025180000');
    for (const l of retLines) expect(l).toHaveLength(240);
  });

  test('reads back as a payment retorno without warnings', () => {
    expect(file.errors).toEqual([]);
    expect(file.warnings).toEqual([]);
    expect(file).toMatchObject({ direction: 'retorno', service: 'payment', bank_code: '341' });
    expect(file.details).toBe(samplePayments().length);
  });

  test('each item carries its occurrence codes, messages and outcome', () => {
    const bySeu = new Map(file.items.map((i) => [i.seu_numero, i]));
    for (const [seu, code] of Object.entries(decisions)) {
      const item = bySeu.get(seu)!;
      expect(item.occurrences.map((o) => o.code)).toEqual(typeof code === 'string' ? [code] : code);
      expect(item.status).toBe(classifyOccurrences(code, '341'));
    }
    expect(bySeu.get('PIXCPF0001')!.status).toBe('paid');
    expect(bySeu.get('PIXMAIL0003')!.status).toBe('scheduled');
    expect(bySeu.get('PIXCNPJ0002')!.status).toBe('rejected');
    expect(bySeu.get('PIXCNPJ0002')!.occurrences[0]!.message).toBe('Chave não cadastrada no DICT');
    expect(bySeu.get('PIXBANK0006')!.occurrences.map((o) => o.kind)).toEqual(['rejected', 'rejected']);
    expect(bySeu.get('PIXFONE0004')!.status).toBe('paid');
  });

  test('paid items get the paid amount and date; others do not', () => {
    const bySeu = new Map(file.items.map((i) => [i.seu_numero, i]));
    const payments = new Map(samplePayments().map((p) => [p.seuNumero, p]));
    for (const seu of ['PIXCPF0001', '01J9Z3TED0000000007']) {
      expect(bySeu.get(seu)!.paid_amount_cents).toBe(payments.get(seu)!.amountCents);
      expect(bySeu.get(seu)!.paid_date).toBe('2025-03-05');
    }
    expect(bySeu.get('PIXMAIL0003')!.paid_amount_cents).toBeNull();
    expect(bySeu.get('PIXMAIL0003')!.nosso_numero).not.toBeNull();
    const j = retLines.find((l) => at(l, 183, 202).trim() === 'BOLOTH0010')!;
    expect(at(j, 145, 152)).toBe('05032025');
    expect(Number(at(j, 153, 167))).toBe(95_000);
  });

  test('lote trailers sum only the items not rejected', () => {
    for (const b of file.batches) {
      const accepted = file.items
        .filter((i) => i.batch === b.number && i.status !== 'rejected')
        .reduce((s, i) => s + (i.amount_cents ?? 0), 0);
      expect(b.trailer_amount_cents).toBe(accepted);
      expect(b.trailer_count).toBe(b.records);
    }
  });

  test('a trailer that sums the rejected items too is read without a word: Santander writes its returns so (#51)', () => {
    const lines = [...retLines];
    const idx = lines.findIndex((l) => l[7] === '5');
    const total = file.batches[0]!.total_amount_cents;
    lines[idx] = `${lines[idx]!.slice(0, 23)}${String(total).padStart(18, '0')}${lines[idx]!.slice(41)}`;
    const back = readCnab240Sync(lines.join('\r\n'));
    expect(back.errors).toEqual([]);
    expect(back.warnings.filter((w) => w.line === idx + 1)).toEqual([]);
    // while a sum that is neither is named on its line
    lines[idx] = `${lines[idx]!.slice(0, 23)}${String(total + 1).padStart(18, '0')}${lines[idx]!.slice(41)}`;
    expect(readCnab240Sync(lines.join('\r\n')).warnings).toContainEqual({
      line: idx + 1,
      message: expect.stringMatching(/trailer sum .*the details total/),
    });
  });

  test('a decision with a malformed code is refused', () => {
    expect(() => writePaymentReturn(remittance, () => ({ code: 'X' }))).toThrow(/code/);
    expect(() => writePaymentReturn(remittance, () => ({ code: [] }))).toThrow(/code/);
  });
});

describe('occurrence codes', () => {
  test('classifyOccurrences', () => {
    expect(classifyOccurrences('00')).toBe('paid');
    expect(classifyOccurrences('00        ')).toBe('paid');
    expect(classifyOccurrences('BD')).toBe('scheduled');
    expect(classifyOccurrences(['BD', 'ZA'])).toBe('scheduled');
    expect(classifyOccurrences('00ZA')).toBe('paid');
    expect(classifyOccurrences('ZA')).toBe('scheduled');
    expect(classifyOccurrences('AGAN')).toBe('rejected');
    expect(classifyOccurrences(['BF'])).toBe('rejected');
    expect(classifyOccurrences('')).toBe('rejected');
    expect(classifyOccurrences(['Q9'])).toBe('rejected');
    expect(classifyOccurrences('BD', '341')).toBe('scheduled');
    expect(classifyOccurrences('DV', '341')).toBe('rejected');
  });

  test('decodePaymentOccurrences uses FEBRABAN texts, Itaú texts for bank 341', () => {
    expect(decodePaymentOccurrences('00BD')).toEqual([
      { code: '00', message: 'Crédito ou débito efetivado', kind: 'paid' },
      { code: 'BD', message: 'Inclusão efetuada com sucesso', kind: 'scheduled' },
    ]);
    expect(decodePaymentOccurrences('HF')[0]).toEqual({
      code: 'HF',
      message: 'Conta corrente da empresa com saldo insuficiente',
      kind: 'rejected',
    });
    expect(decodePaymentOccurrences('00', '341')[0]!.message).toBe('Pagamento efetuado');
    expect(decodePaymentOccurrences('Q9')[0]).toMatchObject({ code: 'Q9', kind: 'rejected' });
  });
});
