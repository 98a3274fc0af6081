import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { type Session, sandboxSession } from './session.js';

/** #70: a late quota settled by an agreement is renegotiated, not canceled: out of today's debts, in the past's. */
const today = todayIn(new Date());
let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('renegotiated: out of the overdue list and of the defaulters from that day; a snapshot dated before still counts it', async () => {
  const late = await s.api('GET', '/invoices?state=overdue&due_to=2024-12-31');
  expect(late.body.data.map((i: { due_date: string }) => i.due_date)).toEqual(['2024-07-10', '2024-11-10']);
  const [first] = late.body.data;
  const r = await s.api('POST', `/invoices/${first.public_id}/renegotiate`, {
    json: { agreement: 'AC-302-1' },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.body.data).toMatchObject({ state: 'renegotiated', agreement: 'AC-302-1' });
  expect(r.body.data.renegotiated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  // asked again by the same agreement: the same answer; by another, or on a paid one: 409
  expect(
    (await s.api('POST', `/invoices/${first.public_id}/renegotiate`, { json: { agreement: 'AC-302-1' } }))
      .status,
  ).toBe(200);
  const other = await s.api('POST', `/invoices/${first.public_id}/renegotiate`, {
    json: { agreement: 'AC-302-2' },
  });
  expect(other.status).toBe(409);
  expect(other.body.error.message).toMatch(/invoice is renegotiated; only an issued invoice/);

  expect((await s.api('GET', '/invoices?state=overdue&due_to=2024-12-31')).body.data).toHaveLength(1);
  expect(
    (await s.api('GET', '/invoices?state=renegotiated')).body.data.map(
      (i: { public_id: string }) => i.public_id,
    ),
  ).toEqual([first.public_id]);
  const owed = async (asOf: string) =>
    (await s.api('GET', `/defaulters?as_of=${asOf}`)).body.data.find(
      (d: { unit_label: string }) => d.unit_label === 'Bloco A - 302',
    )?.invoices;
  expect(await owed(today)).toBe(5);
  expect(await owed(addDays(today, -1))).toBe(6);
  const bad = await s.api('POST', `/invoices/${first.public_id}/renegotiate`, {
    json: { agreement: 'no spaces allowed' },
  });
  expect(bad.status).toBe(422);
});
