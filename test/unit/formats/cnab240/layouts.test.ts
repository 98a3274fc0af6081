import { describe, expect, test } from 'vitest';
import { FormatError } from '../../../../src/domain/errors.js';
import {
  layout,
  patchRecord,
  read,
  SEGMENT_A,
  SEGMENT_A_ITAU,
  SEGMENT_J,
  SEGMENT_J52,
  SEGMENT_N_DARF,
  SEGMENT_N_GPS,
  SEGMENT_N_ITAU_DARF,
  SEGMENT_N_ITAU_FGTS,
  SEGMENT_N_ITAU_GPS,
  SEGMENT_O,
  SEGMENT_O_ITAU,
  writeRecord,
} from '../../../../src/formats/cnab240/layouts.js';

/** The segment tables the writer, the reader and the return writer share. */
describe('CNAB 240 layouts', () => {
  test('each covers positions 1 to 240, in order, once', () => {
    for (const l of [
      SEGMENT_A,
      SEGMENT_J,
      SEGMENT_J52,
      SEGMENT_O,
      SEGMENT_N_GPS,
      SEGMENT_N_DARF,
      SEGMENT_N_ITAU_GPS,
      SEGMENT_N_ITAU_DARF,
      SEGMENT_N_ITAU_FGTS,
    ]) {
      expect(l.fields[0]?.from).toBe(1);
      expect(l.fields.at(-1)?.to).toBe(240);
      l.fields.forEach((f, i) => {
        if (i > 0) expect(f.from, `${l.name}.${f.name}`).toBe((l.fields[i - 1]?.to ?? 0) + 1);
      });
    }
    expect(() => layout('broken', [{ from: 1, to: 10, name: 'a', kind: 'blank' }])).toThrow(FormatError);
  });

  test('what is written is read back by name, in FEBRABAN positions', () => {
    const rec = writeRecord(SEGMENT_J, {
      bank: '341',
      lote: 1,
      sequence: 7,
      barcode: '34191150000456780109000001234567812345678900',
      payee_name: 'Condomínio São José',
      due_date: '10012031',
      face_value: 45678,
      payment_date: '15012031',
      amount: 45678,
      seu_numero: 'ABC123',
    });
    expect(rec).toHaveLength(240);
    expect(rec.slice(0, 14)).toBe('3410001300007J'); // bank, lote, record type 3, sequence, segment
    expect(read(SEGMENT_J, rec, 'payee_name').trim()).toBe('CONDOMINIO SAO JOSE');
    expect(read(SEGMENT_J, rec, 'face_value')).toBe('000000000045678');
    expect(rec.slice(182, 202).trim()).toBe('ABC123'); // 183-202 seu número
    expect(read(SEGMENT_J, rec, 'currency')).toBe('09');
  });

  test('a value that does not fit names its field', () => {
    expect(() =>
      writeRecord(SEGMENT_A, { bank: '341', lote: 1, sequence: 1, amount: (10n ** 16n) as never }),
    ).toThrow(/^amount: /);
  });

  test("a bank's variant moves fields for reading, by name", () => {
    const rec = `${' '.repeat(203)}11222333000181${' '.repeat(23)}`;
    expect(read(SEGMENT_A_ITAU, rec, 'payee_document')).toBe('11222333000181');
    expect(read(SEGMENT_O_ITAU, rec, 'amount')).toBe(rec.slice(121, 136));
    expect(() => read(SEGMENT_A, rec, 'payee_document')).toThrow(/no field payee_document/);
  });

  test('the return writer patches named fields and nothing else', () => {
    const rec = writeRecord(SEGMENT_O, { bank: '001', lote: 2, sequence: 3, amount: 12345 });
    const patched = patchRecord(SEGMENT_O, rec, { nosso_numero: 'N'.repeat(20) });
    expect(patched.slice(142, 162)).toBe('N'.repeat(20));
    expect(patched.slice(0, 142) + patched.slice(162)).toBe(rec.slice(0, 142) + rec.slice(162));
    expect(() => patchRecord(SEGMENT_O, rec, { nosso_numero: 'short' })).toThrow(FormatError);
  });
});
