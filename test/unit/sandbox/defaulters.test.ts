import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, addMonthsClamped, daysBetween, todayIn } from '../../../src/domain/dates.js';
import { type Session, sandboxSession } from './session.js';

// The seed: fees due on the 10th of each of the six months before this one; five units owe the latest ones, and
// A-302 two quotas of 2024 besides (07 and 11, on both sides of Lei 14.905/2024, #69).
const today = todayIn(new Date());
const dueBack = (months: number) => addMonthsClamped(`${today.slice(0, 7)}-10`, -months);
const lastDue = dueBack(1);

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

type Row = {
  unit_id: number;
  unit_label: string;
  block: string;
  invoices: number;
  total_outstanding: number;
  oldest_due_date: string;
  days_overdue: number;
};

async function defaulters(query = ''): Promise<{ data: Row[]; meta: any }> {
  const r = await s.api('GET', `/defaulters${query}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

describe('GET /defaulters', () => {
  test('today: the units owing, most owed first, with the oldest due date and days overdue', async () => {
    const { data, meta } = await defaulters();
    expect(data.map((r) => [r.unit_label, r.invoices, r.total_outstanding])).toEqual([
      ['Bloco A - 302', 6, 5100],
      ['Bloco B - 601', 3, 3720],
      ['Bloco A - 502', 2, 1700],
      ['Bloco B - 401', 1, 1080],
      ['Bloco B - 102', 1, 850],
    ]);
    expect(data[0]).toMatchObject({
      block: 'A',
      oldest_due_date: '2024-07-10',
      days_overdue: daysBetween('2024-07-10', today),
    });
    expect(data[1]?.oldest_due_date).toBe(dueBack(3));
    expect(meta.totals).toEqual({ units: 5, invoices: 13, total_outstanding: 12450 });
    expect(meta.as_of).toBe(today);
    expect(meta.total).toBe(5);
  });

  test('as_of: a past snapshot counts invoices paid after it', async () => {
    // on the last due date itself nothing of that month is late yet
    const onDue = await defaulters(`?as_of=${lastDue}`);
    expect(onDue.data.map((r) => [r.unit_label, r.invoices, r.total_outstanding])).toEqual([
      ['Bloco A - 302', 5, 4250],
      ['Bloco B - 601', 2, 2480],
      ['Bloco A - 502', 1, 850],
    ]);
    // the day after: every seventh unit (A-401, B-501) paid three days late, so it owed then
    const dayAfter = await defaulters(`?as_of=${addDays(lastDue, 1)}`);
    const labels = dayAfter.data.map((r) => r.unit_label);
    expect(labels).toContain('Bloco A - 401');
    expect(labels).toContain('Bloco B - 501');
    expect(dayAfter.data.find((r) => r.unit_label === 'Bloco A - 401')?.days_overdue).toBe(1);
    // before the seeded months, A-302's quotas of 2024 alone; on the first one's due date, nobody
    const before = await defaulters(`?as_of=${dueBack(7)}`);
    expect(before.data.map((r) => [r.unit_label, r.invoices])).toEqual([['Bloco A - 302', 2]]);
    expect((await defaulters('?as_of=2024-07-10')).data).toEqual([]);
  });

  test('min_overdue_days and min_amount filter the units', async () => {
    const days = daysBetween(lastDue, today);
    const older = await defaulters(`?min_overdue_days=${days + 1}`);
    expect(older.data.map((r) => r.unit_label)).toEqual(['Bloco A - 302', 'Bloco B - 601', 'Bloco A - 502']);
    expect(older.meta.totals.units).toBe(3);
    expect((await defaulters(`?min_overdue_days=${days}`)).data).toHaveLength(5);
    expect((await defaulters('?min_overdue_days=0')).data).toHaveLength(5);
    expect((await defaulters('?min_amount=1700')).data).toHaveLength(3);
    expect((await defaulters('?min_amount=1700.01')).data).toHaveLength(2);
    const both = await defaulters(`?min_amount=4000&min_overdue_days=${days + 1}`);
    expect(both.data.map((r) => r.unit_label)).toEqual(['Bloco A - 302']);
  });

  test('a newly issued invoice not yet due does not count; bad parameters are named', async () => {
    const inv = await s.api('POST', '/invoices', {
      json: {
        unit_id: 1,
        bank_account_id: 1,
        due_date: addDays(today, 5),
        subtotal: 1080,
        total: 1080,
      },
    });
    expect((await s.api('POST', `/invoices/${inv.body.data.public_id}/issue`)).status).toBe(200);
    expect((await defaulters()).meta.totals.units).toBe(5);

    const bad = await s.api('GET', '/defaulters?as_of=2030-02-30&min_overdue_days=-1&min_amount=1.234');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['as_of', 'min_amount', 'min_overdue_days']);
  });

  test('needs invoices.read', async () => {
    expect((await s.api('GET', '/defaulters', { token: await s.token('read-only') })).status).toBe(200);
    const narrow = await s.api('GET', '/defaulters', { token: await s.token('default', 'payments.read') });
    expect(narrow.status).toBe(403);
    expect(narrow.body.error.message).toMatch(/invoices\.read/);
  });
});

describe('GET /monetary-indexes', () => {
  test('IPCA, IGPM, INPC, INCC and TJSP, monthly, with their sources', async () => {
    const r = await s.api('GET', '/monetary-indexes');
    expect(r.status).toBe(200);
    expect(r.body.data.map((i: { code: string; source: string }) => [i.code, i.source])).toEqual([
      ['IPCA', 'IBGE'],
      ['IGPM', 'FGV'],
      ['INPC', 'IBGE'],
      ['INCC', 'FGV'],
      ['TJSP', 'Tribunal de Justiça de São Paulo'],
    ]);
    for (const i of r.body.data) {
      expect(i.periodicity).toBe('monthly');
      expect(i.name.length).toBeGreaterThan(10);
    }
    expect(r.body.meta.total).toBe(5);
    const narrow = await s.api('GET', '/monetary-indexes', { token: await s.token('default', 'bank.read') });
    expect(narrow.status).toBe(403);
  });

  test("an index it has no values of is a 404, a name of an object's own too (toString: a finding of the fuzzer)", async () => {
    for (const code of ['IGPM', 'toString', 'constructor', '__proto__']) {
      const r = await s.api('GET', `/monetary-indexes/${code}/values`);
      expect(r.status, code).toBe(404);
    }
    expect((await s.api('GET', '/monetary-indexes/IPCA/values')).status).toBe(200);
  });
});
