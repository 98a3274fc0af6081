import { describe, expect, test } from 'vitest';
import {
  Cnab240InputError,
  type DialectId,
  type RemittancePayment,
  RemittanceStream,
  writePaymentRemittance,
} from '../../../../src/formats/cnab240/index.js';
import { sampleGuides, sampleInput, samplePayments } from './fixtures.js';

/**
 * #32: a remittance written as its payments arrive. The whole-file writer (which holds every payment and groups
 * them itself) is the oracle: checked one by one, handed over in the order of their lotes, the same payments make
 * the same bytes.
 */
function streamed(payments: RemittancePayment[], dialect: DialectId = 'febraban'): string {
  const { payments: _all, ...header } = sampleInput(payments, dialect);
  const stream = new RemittanceStream(header);
  const checked = payments.map((p, i) => ({ i, ...stream.check(p, i) }));
  // the caller's order within a lote is kept: a stable sort by rank, as a database's ORDER BY rank, position
  checked.sort((a, b) => a.rank - b.rank || a.i - b.i);
  const lines: string[] = [];
  for (const c of checked) lines.push(...stream.add(JSON.parse(JSON.stringify(c.checked))));
  lines.push(...stream.end());
  return `${lines.join('\r\n')}\r\n`;
}

describe('RemittanceStream', () => {
  test('every kind of payment, in any order, makes the bytes the whole-file writer makes', () => {
    const payments = [...samplePayments(), ...sampleGuides()];
    expect(streamed(payments)).toBe(writePaymentRemittance(sampleInput(payments)));
    const shuffled = [...payments].reverse();
    expect(streamed(shuffled)).toBe(writePaymentRemittance(sampleInput(shuffled)));
  });

  test("in Itaú's layout too, its tax guides in lotes of their own", () => {
    const payments = [...sampleGuides(), ...samplePayments()];
    expect(streamed(payments, 'itau-sispag')).toBe(
      writePaymentRemittance(sampleInput(payments, 'itau-sispag')),
    );
  });

  test('a payment it cannot write is named as payments[index] when checked', () => {
    const { payments, ...header } = sampleInput();
    const stream = new RemittanceStream(header);
    const bad = { ...(payments[0] as RemittancePayment), payeeName: '' };
    expect(() => stream.check(bad, 7)).toThrow(Cnab240InputError);
    expect(() => stream.check(bad, 7)).toThrow(/^payments\[7\]\.payeeName/);
  });

  test('a payment handed over after a lote that follows its own is refused, not written into the wrong lote', () => {
    const { payments, ...header } = sampleInput();
    const stream = new RemittanceStream(header);
    const pix = payments.find((p) => p.forma === 'pix') as RemittancePayment;
    const ted = payments.find((p) => p.forma === 'ted') as RemittancePayment;
    [...stream.add(stream.check(ted, 0).checked)];
    expect(() => [...stream.add(stream.check(pix, 1).checked)]).toThrow(/comes after a lote that follows/);
  });

  test('a file with no payment is refused at its end', () => {
    const { payments: _none, ...header } = sampleInput();
    expect(() => [...new RemittanceStream(header).end()]).toThrow(/at least one payment is required/);
  });
});
