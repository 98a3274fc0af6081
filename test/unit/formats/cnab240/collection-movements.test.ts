// A collection return told by movement (#71). The oracle reads the corpus files' records itself at FEBRABAN's
// positions (V08.6: T 16-17 movement, 82-96 face value, 199-213 tariff; U 18-32 charges, 33-47 discount, 48-62
// abatimento, 78-92 paid, 93-107 net, 138-145 occurrence, 146-153 credit), apart from the reader's tables.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CollectionTally, movementKind } from '../../../../src/formats/cnab240/collection.js';
import { readCnab240Sync } from '../../../../src/formats/cnab240/index.js';
import { corpusDir } from '../../../corpus.js';
import { record } from './manual-table.js';

const corpus = corpusDir('cnab240');
const bytes = (path: string) => readFileSync(resolve(corpus, path));
const num = (rec: string, from: number, to: number) => Number(rec.slice(from - 1, to).trim() || '0');

/** The oracle: T and U pairs of a file, read at FEBRABAN's positions. */
function pairs(path: string) {
  const lines = bytes(path)
    .toString('latin1')
    .split(/\r?\n/)
    .map((l) => l.padEnd(240));
  const out: {
    movement: string;
    face: number;
    tariff: number;
    paid: number;
    net: number;
    charges: number;
    credit: string;
  }[] = [];
  for (const [i, l] of lines.entries()) {
    if (l[7] !== '3' || l[13] !== 'T') continue;
    const u = lines[i + 1] ?? '';
    out.push({
      movement: l.slice(15, 17),
      face: num(l, 82, 96),
      tariff: num(l, 199, 213),
      paid: num(u, 78, 92),
      net: num(u, 93, 107),
      charges: num(u, 18, 32),
      credit: u.slice(145, 153),
    });
  }
  return out;
}

describe("Banco do Brasil's collection returns (kivanio/brcobranca, marcodpt/cnab)", () => {
  for (const path of [
    'kivanio__brcobranca/CNAB240_COM_CODIGOS.RET',
    'marcodpt__cnab/tests__retorno_cobranca__bb.txt',
  ]) {
    test(`${path}: each title's movement and kind; paid and credited only when liquidated; the summary adds up`, () => {
      const file = readCnab240Sync(bytes(path));
      const titles = file.items.filter((i) => i.segment === 'T');
      const oracle = pairs(path);
      expect(titles.map((t) => t.movement)).toEqual(oracle.map((o) => o.movement));
      const tally = new CollectionTally();
      for (const [i, t] of titles.entries()) {
        const o = oracle[i] as (typeof oracle)[number];
        const liquidation = ['06', '17', '15', '45'].includes(o.movement);
        expect(t.movement_kind).toBe(movementKind(o.movement));
        expect(t.status).toBe(
          liquidation
            ? 'paid'
            : o.movement === '03' || o.movement === '26' || o.movement === '30'
              ? 'rejected'
              : null,
        );
        expect(t.paid_amount_cents).toBe(liquidation && o.paid > 0 ? o.paid : null);
        expect(t.paid_date === null).toBe(!liquidation);
        expect(t.credit_date === null).toBe(!liquidation || /^0+$/.test(o.credit));
        expect(t.settlement?.tariff_cents).toBe(o.tariff);
        expect(t.settlement?.net_credit_cents).toBe(o.net);
        tally.add(t);
      }
      const s = tally.result();
      const liquidated = oracle.filter((o) => ['06', '17', '15', '45'].includes(o.movement));
      expect(s.liquidations.count).toBe(liquidated.length);
      expect(s.liquidations.paid_cents).toBe(liquidated.reduce((a, o) => a + o.paid, 0));
      expect(s.liquidations.net_credit_cents).toBe(liquidated.reduce((a, o) => a + o.net, 0));
      expect(s.liquidations.charges_cents).toBe(liquidated.reduce((a, o) => a + o.charges, 0));
      expect(s.movements.reduce((a, m) => a + m.count, 0)).toBe(oracle.length);
      expect(s.movements.reduce((a, m) => a + m.face_value_cents, 0)).toBe(
        oracle.reduce((a, o) => a + o.face, 0),
      );
      // BB writes an absent payer as zeros: absent, not a name of zeros
      for (const t of titles) expect(t.payer_name ?? '').not.toMatch(/^0+$/);
    });
  }

  test('a registration, a write-off, a re-dating: neither paid nor scheduled, no paid day (a file written from G059)', () => {
    const start = (type: string): [number, number, string][] => [
      [1, 3, '001'],
      [4, 7, '0001'],
      [8, 8, type],
    ];
    const title = (n: number, movement: string): string[] => [
      record([
        ...start('3'),
        [9, 13, String(n)],
        [14, 14, 'T'],
        [16, 17, movement],
        [82, 96, '85000'],
        [149, 188, '0'.repeat(40)],
      ]),
      record([
        ...start('3'),
        [9, 13, String(n + 1)],
        [14, 14, 'U'],
        [78, 92, '85000'],
        [138, 145, '05102026'],
        [146, 153, '06102026'],
      ]),
    ];
    const text = [
      record([
        [1, 3, '001'],
        [4, 7, '0000'],
        [8, 8, '0'],
        [18, 18, '2'],
        [19, 32, '11222333000181'],
        [143, 143, '2'],
      ]),
      record([...start('1'), [9, 9, 'T'], [10, 11, '01'], [14, 16, '040']]),
      ...title(1, '02'),
      ...title(3, '09'),
      ...title(5, '14'),
      ...title(7, '06'),
      record([...start('5'), [18, 23, '10']]),
      record([
        [1, 3, '001'],
        [4, 7, '9999'],
        [8, 8, '9'],
        [18, 23, '1'],
        [24, 29, '12'],
      ]),
    ].join('\r\n');
    const file = readCnab240Sync(Buffer.from(text, 'latin1'));
    expect(
      file.items.map((i) => [
        i.movement_kind,
        i.status,
        i.paid_date,
        i.credit_date,
        i.paid_amount_cents,
        i.payer_name,
      ]),
    ).toEqual([
      ['registered', null, null, null, null, null],
      ['written_off', null, null, null, null, null],
      ['due_date_changed', null, null, null, null, null],
      ['paid', 'paid', '2026-10-05', '2026-10-06', 85_000, null],
    ]);
  });
});

test("Santander's tariff is read where its manual puts it, T 194-208 (FEBRABAN's 199-213 would read R$ 264.040,00)", () => {
  const santander = readCnab240Sync(bytes('kmee__cnab240/cobranca.santander.ret')).items[0];
  expect(santander?.settlement?.tariff_cents).toBe(264);
  expect(santander?.movement_kind).toBe('paid_after_write_off');
  const other = readCnab240Sync(bytes('kivanio__brcobranca/CNAB240SANTANDER.RET')).items;
  expect(other.map((t) => t.settlement?.tariff_cents)).toEqual([392, 0]);
  // Sicoob at FEBRABAN's 199-213: R$ 1,70 a title, its U's net the amount paid (the tariff is debited apart)
  const sicoob = readCnab240Sync(bytes('kivanio__brcobranca/CNAB240SICOOB.RET')).items.filter(
    (i) => i.segment === 'T',
  );
  for (const t of sicoob)
    expect([t.settlement?.tariff_cents, t.settlement?.net_credit_cents]).toEqual([170, t.paid_amount_cents]);
});
