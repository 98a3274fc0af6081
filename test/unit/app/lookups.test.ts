import { describe, expect, test } from 'vitest';
import { findChartAccount, findSupplier, unitFinder } from '../../../src/app/lookups.js';
import type { Text } from '../../../src/domain/text.js';

/** What a flag or a budget line is told, caught: the lookup refuses through the caller's `refuse`. */
const said = (f: () => unknown): Text => {
  try {
    f();
  } catch (e) {
    return (e as { text: Text }).text;
  }
  throw new Error('not refused');
};
const refuse = (text: Text) => Object.assign(new Error(text.en), { text });

const suppliers = [
  { id: 1, name: 'Jardins Paisagismo Ltda' },
  { id: 2, name: 'Elevadores Atlas Ltda' },
  { id: 3, name: 'Atlas' },
];
const chart = [
  { id: 10, code: '1.1.01', name: 'Taxa condominial' },
  { id: 11, code: '1.1.02', name: 'Fundo de reserva' },
  { id: 31, code: '2.3.05', name: 'Jardinagem e paisagismo' },
];

describe('lookups a flag and a budget share', () => {
  test('a supplier: the exact name before one that contains it; part of one name; several named', () => {
    expect(findSupplier(suppliers, 'atlas', refuse).id).toBe(3);
    expect(findSupplier(suppliers, 'JARDINS', refuse).id).toBe(1);
    const many = said(() => findSupplier(suppliers, 'ltda', refuse));
    expect(many.pt).toBe(
      '"ltda" corresponde a 2 fornecedores: Jardins Paisagismo Ltda (1), Elevadores Atlas Ltda (2); dê mais do nome, ou o id',
    );
    expect(said(() => findSupplier(suppliers, 'zzz', refuse)).en).toMatch(
      /^no supplier's name contains "zzz"/,
    );
    expect(said(() => findSupplier(suppliers, '  ', refuse)).en).toBe('give a supplier id or name');
  });

  test('a chart account: by its code, else by its name, accents aside', () => {
    expect(findChartAccount(chart, '2.3.05', refuse).id).toBe(31);
    expect(findChartAccount(chart, 'fundo de reserva', refuse).id).toBe(11);
    expect(findChartAccount(chart, 'jardinagem', refuse).id).toBe(31);
    expect(said(() => findChartAccount(chart, '9.9.99', refuse)).pt).toBe(
      'nenhuma conta contábil tem o código ou um nome com "9.9.99" (veja condo ledger chart)',
    );
  });

  test('a unit: by its label (accents, case and spaces aside) or its id', () => {
    const find = unitFinder([
      { id: 6, label: 'Bloco A - 101' },
      { id: 7, block: 'Térreo', number: 'Loja 1' },
    ]);
    expect(find('bloco a  -  101', refuse)).toBe(6);
    expect(find('terreo loja 1', refuse)).toBe(7);
    expect(find('7', refuse)).toBe(7);
    expect(said(() => find('Zeladoria', refuse)).en).toBe(
      'no unit is named "Zeladoria" (see condo units list)',
    );
  });
});
