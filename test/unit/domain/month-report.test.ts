import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { accountMonth, groupTotals, wholeShares } from '../../../src/domain/month-report.js';
import { holds } from '../../properties.js';

describe('the month report sums', () => {
  test('groups by key, largest first, names from the first item of each', () => {
    const paid = [
      { who: 's1', name: 'Brilho', cents: 680_000 },
      { who: 's2', name: 'Vigilare', cents: 1_245_000 },
      { who: 's1', name: 'Brilho', cents: 20_000 },
    ];
    expect(
      groupTotals(
        paid,
        (p) => p.who,
        (p) => p.name,
        (p) => p.cents,
      ),
    ).toEqual([
      { name: 'Vigilare', count: 1, totalCents: 1_245_000 },
      { name: 'Brilho', count: 2, totalCents: 700_000 },
    ]);
  });

  test("an account's month at its cut-off (#52): the closing balance is today's less what is dated after the cut-off, each day carried forward from the opening one", () => {
    const account = { id: 1, name: 'Conta corrente', current_balance: 1000.0 };
    const moves = [
      { date: '2026-10-30', signedCents: 99_999 }, // before the month: in both balances, in no day's movement
      { date: '2026-11-02', signedCents: -10_000 },
      { date: '2026-11-02', signedCents: 2_500 },
      { date: '2026-11-04', signedCents: 40_000 },
      // dated after the cut-off (a payment a return reported for the 6th, on the 5th): not in the closing balance
      { date: '2026-11-06', signedCents: -5_000 },
      { date: '2026-12-01', signedCents: 1_000 },
    ];
    const row = accountMonth('2026-11', '2026-11-05', account, moves);
    expect(row).toMatchObject({ endCents: 104_000, inCents: 42_500, outCents: 10_000, startCents: 71_500 });
    expect(row.days).toEqual([
      { date: '2026-11-01', endCents: 71_500 },
      { date: '2026-11-02', endCents: 64_000 },
      { date: '2026-11-03', endCents: 64_000 },
      { date: '2026-11-04', endCents: 104_000 },
      { date: '2026-11-05', endCents: 104_000 },
    ]);
  });

  test('the invariants hold on any month: the last day is the closing balance, opening plus movements is closing', async () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-${String(d).padStart(2, '0')}`);
    const move = fc.record({
      date: fc.oneof(
        day.map((d) => `2026-02-${d.slice(5)}`),
        day.map((d) => `2026-01-${d.slice(5)}`),
        day.map((d) => `2026-03-${d.slice(5)}`),
      ),
      signedCents: fc.integer({ min: -5_000_000, max: 5_000_000 }),
    });
    await holds(
      fc.property(
        fc.array(move, { maxLength: 60 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (moves, cut, balance) => {
          const cutOff = `2026-02-${String(cut).padStart(2, '0')}`;
          const row = accountMonth('2026-02', cutOff, { id: 1, current_balance: balance / 100 }, moves);
          const after = moves.filter((m) => m.date > cutOff).reduce((n, m) => n + m.signedCents, 0);
          return (
            row.days.length === cut &&
            row.days.at(-1)?.endCents === row.endCents &&
            row.days.at(-1)?.date === cutOff &&
            row.startCents + row.inCents - row.outCents === row.endCents &&
            row.endCents === balance - after
          );
        },
      ),
    );
  });

  test('whole shares add up to 100 (each rounded alone, three equal thirds made 99 and these made 101)', async () => {
    expect(wholeShares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholeShares([125, 125, 250, 0])).toEqual([25, 25, 50, 0]);
    expect(wholeShares([0, 0])).toEqual([0, 0]);
    await holds(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        (values) => {
          const shares = wholeShares(values);
          const total = values.reduce((a, v) => a + v, 0);
          return (
            (total === 0 ? shares.every((s) => s === 0) : shares.reduce((a, s) => a + s, 0) === 100) &&
            shares.every((s, i) => Math.abs(s - (total ? ((values[i] ?? 0) * 100) / total : 0)) < 1)
          );
        },
      ),
    );
  });
});
