// Collection returns read with each bank's own positions (#51 point 3). Two kinds of oracle, neither the code's
// own tables: real files of the corpus (provenance in test/fixtures/corpus/cnab240/MANIFEST.tsv), and returns
// built here from each manual's table, as the manual prints it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readCnab240Sync } from '../../../../src/formats/cnab240/index.js';
import { corpusDir } from '../../../corpus.js';
import { type Cell, record } from './manual-table.js';

const corpus = corpusDir('cnab240');
const read = (path: string) => readCnab240Sync(readFileSync(resolve(corpus, path)));

describe('collection returns from the corpus', () => {
  test('Santander: T’s face value where Santander puts it (78-92), the R$ 43,50 its U says was paid', () => {
    // kmee/cnab240 tests/arquivos/cobranca.santander.ret: read with FEBRABAN's 82-96 this was R$ 4.350.001,00
    const file = read('kmee__cnab240/cobranca.santander.ret');
    const [title] = file.items;
    expect(title).toMatchObject({
      segment: 'T',
      nosso_numero: '0000000000060',
      due_date: '2011-08-04',
      face_value_cents: 4350,
      paid_amount_cents: 4350,
    });
  });

  test('Santander, another writer: the liquidation’s face value is what its U paid; the registration paid nothing (#71)', () => {
    const file = read('kivanio__brcobranca/CNAB240SANTANDER.RET');
    expect(file.items.map((t) => [t.movement, t.movement_kind, t.status])).toEqual([
      ['02', 'registered', null],
      ['06', 'paid', 'paid'],
    ]);
    for (const t of file.items) {
      expect(t.due_date).toBe('2016-04-01');
      expect(t.face_value_cents).toBe(1000);
      expect(t.paid_amount_cents).toBe(t.movement === '06' ? t.face_value_cents : null);
      expect(t.nosso_numero).toBe('0000000001406');
    }
  });

  test('Sicoob, Sicredi and Banco do Brasil keep FEBRABAN’s positions', () => {
    for (const path of [
      'kivanio__brcobranca/CNAB240SICOOB.RET',
      'kivanio__brcobranca/CNAB240SICREDI.CRT',
      'kivanio__brcobranca/CNAB240.RET',
    ]) {
      const file = read(path);
      const titles = file.items.filter((i) => i.segment === 'T');
      expect(titles.length, path).toBeGreaterThan(0);
      for (const t of titles) {
        expect(t.due_date === null || /^20\d\d-\d\d-\d\d$/.test(t.due_date), `${path} line ${t.line}`).toBe(
          true,
        );
        // a paid title was paid about its face value (interest and discounts aside), not a thousand times it
        if (t.paid_amount_cents && t.face_value_cents)
          expect(t.paid_amount_cents / t.face_value_cents, `${path} line ${t.line}`).toBeLessThan(2);
      }
    }
  });
});

/** A collection return with one title: T and U filled from a manual's T table, the rest FEBRABAN's frame. */
function returnOf(bank: string, t: readonly Cell[]): string {
  const start = (lote: string, type: string): Cell[] => [
    [1, 3, bank],
    [4, 7, lote],
    [8, 8, type],
  ];
  const detail = (n: number, segment: string): Cell[] => [
    ...start('0001', '3'),
    [9, 13, String(n)],
    [14, 14, segment],
    [16, 17, '06'],
  ];
  return [
    record([
      ...start('0000', '0'),
      [18, 18, '2'],
      [19, 32, '11222333000181'],
      [143, 143, '2'],
      [144, 151, '05102026'],
    ]),
    record([...start('0001', '1'), [9, 9, 'T'], [10, 11, '01'], [14, 16, '040']]),
    record([...detail(1, 'T'), ...t]),
    record([...detail(2, 'U'), [78, 92, '4350'], [138, 145, '02102026']]),
    record([...start('0001', '5'), [18, 23, '4'], [24, 29, '1'], [30, 46, '4350']]),
    record([...start('9999', '9'), [18, 23, '1'], [24, 29, '6']]),
  ].join('\r\n');
}

// Each bank's T as its manual prints it (the sources are cited in src/formats/cnab240/layouts/cobranca.ts)
const MANUALS: { bank: string; manual: string; t: Cell[]; nosso: string; seu: string }[] = [
  {
    bank: '033',
    manual: 'Santander H7815 v2.5 (2014): nosso 41-53, carteira 54, seu 55-69, vencimento 70-77, valor 78-92',
    t: [
      [41, 53, '1234567890123'],
      [54, 54, '5'],
      [55, 69, 'COND-0042'],
      [70, 77, '10102026'],
      [78, 92, '4350'],
    ],
    nosso: '1234567890123',
    seu: 'COND-0042',
  },
  {
    bank: '104',
    manual: 'Caixa SIGCB (2017): nosso 40-56, seu 59-69, vencimento 74-81, valor 82-96',
    t: [
      [40, 56, '14000000000012345'],
      [59, 69, 'COND-0042'],
      [74, 81, '10102026'],
      [82, 96, '4350'],
    ],
    nosso: '14000000000012345',
    seu: 'COND-0042',
  },
  {
    bank: '341',
    manual:
      'Itaú cobrança 240 (2014): carteira 38-40, nosso 41-48 (DAC 49), seu 59-68, vencimento 74-81, valor 82-96',
    t: [
      [38, 40, '109'],
      [41, 48, '12345678'],
      [49, 49, '3'],
      [59, 68, 'COND-0042'],
      [74, 81, '10102026'],
      [82, 96, '4350'],
    ],
    nosso: '12345678',
    seu: 'COND-0042',
  },
  ...['001', '237', '748', '756'].map((bank) => ({
    bank,
    manual: 'FEBRABAN V08.6: nosso 38-57, carteira 58, seu 59-73, vencimento 74-81, valor 82-96',
    t: [
      [38, 57, '00012345678901234567'],
      [58, 58, '1'],
      [59, 73, 'COND-0042'],
      [74, 81, '10102026'],
      [82, 96, '4350'],
    ] as Cell[],
    nosso: '00012345678901234567',
    seu: 'COND-0042',
  })),
];

describe('collection returns built from each manual’s table', () => {
  test.each(MANUALS)('bank $bank: $manual', ({ bank, t, nosso, seu }) => {
    const file = readCnab240Sync(returnOf(bank, t));
    expect(file.errors).toEqual([]);
    expect(file.items).toHaveLength(1);
    expect(file.items[0]).toMatchObject({
      segment: 'T',
      nosso_numero: nosso,
      seu_numero: seu,
      due_date: '2026-10-10',
      face_value_cents: 4350,
      paid_amount_cents: 4350,
      paid_date: '2026-10-02',
      status: 'paid',
    });
  });
});
