import { expect, test } from 'vitest';
import {
  APPROVAL_CONTEXT,
  type ApprovalStatement,
  approvalRefusal,
  type BatchFacts,
  decide,
  parsePolicy,
  statementText,
} from '../../../src/domain/approvals.js';

/** #34 point 4: the policy's bands and extras, and when an approval counts, reasoned case by case. */

const policy = parsePolicy(
  JSON.stringify({
    allowed_signers: 'allowed_signers',
    signers: { 'ana@x': { client_id: 'client-ana' } },
    batch_bands: [
      { up_to_cents: 100_000, approvals: 1 },
      { up_to_cents: 1_000_000, approvals: 2 },
      { approvals: 3 },
    ],
    payment_bands: [{ up_to_cents: 50_000, approvals: 1 }, { approvals: 2 }],
    new_payee: { approvals: 1 },
    payment_data_changed: { within_days: 7, approvals: 1 },
  }),
);
const now = new Date('2026-11-26T12:00:00Z');
/** Why an approval does not count, in English (its Portuguese is asserted once below). */
const refusal = (...args: Parameters<typeof approvalRefusal>) => approvalRefusal(...args)?.en ?? null;
const facts = (over: Partial<BatchFacts> = {}): BatchFacts => ({
  condominium: 'c',
  batch: 'B1',
  sha256: 'aa',
  total_cents: 80_000,
  payments: 2,
  largest_payment_cents: 40_000,
  created_by: 'client-ana',
  payees: [],
  ...over,
});
const approval = (signer: string, over: Partial<ApprovalStatement> = {}): ApprovalStatement => ({
  context: APPROVAL_CONTEXT,
  condominium: 'c',
  batch: 'B1',
  sha256: 'aa',
  total_cents: 80_000,
  payments: 2,
  signer,
  expires_at: '2026-12-01T00:00:00Z',
  ...over,
});

test('the higher of the batch’s band and its largest payment’s band; distinct signers only', () => {
  expect(decide(policy, facts(), [], now).required).toBe(1);
  expect(decide(policy, facts({ largest_payment_cents: 60_000 }), [], now).required).toBe(2);
  expect(decide(policy, facts({ total_cents: 2_000_000 }), [], now).required).toBe(3);
  const twice = decide(policy, facts({ total_cents: 200_000 }), [approval('b@x'), approval('b@x')], now);
  expect(twice).toMatchObject({ required: 2, counted: ['b@x'] });
  expect(twice.missing[0]?.en).toContain("1 more approver(s): the batch's total band asks for 2, 1 counted");
});

test('a new payee, or payment data changed within the days (or no date at all), adds its extra once', () => {
  const fresh = { name: 'Nova', new: true, payment_data_changed_at: null };
  const changed = { name: 'Velha', new: false, payment_data_changed_at: '2026-11-25T10:00:00Z' };
  const old = { name: 'Antiga', new: false, payment_data_changed_at: '2026-10-01T10:00:00Z' };
  const unknown = { name: 'Sem data', new: false, payment_data_changed_at: undefined };
  expect(decide(policy, facts({ payees: [old] }), [], now).required).toBe(1);
  expect(decide(policy, facts({ payees: [fresh] }), [], now).missing[0]?.en).toContain('Nova is a new payee');
  const both = decide(policy, facts({ payees: [fresh, changed] }), [], now);
  expect(both.required).toBe(2);
  expect(both.missing[0]?.en).toContain("Velha's bank data or PIX key changed on 2026-11-25, within 7 days");
  expect(both.missing[0]?.pt).toContain(
    'os dados bancários ou a chave PIX de Velha mudaram em 25/11/2026, dentro de 7 dias',
  );
  expect(decide(policy, facts({ payees: [unknown] }), [], now).missing[0]?.en).toContain(
    'the server gives no date',
  );
});

test('an approval counts only for its batch, its file, its total, before it expires, and not by the creator', () => {
  expect(refusal(approval('b@x'), facts(), policy, now)).toBeNull();
  expect(refusal(approval('b@x', { batch: 'B2' }), facts(), policy, now)).toBe(
    'it approves batch B2, not B1',
  );
  expect(refusal(approval('b@x', { sha256: 'bb' }), facts(), policy, now)).toContain('another file');
  expect(refusal(approval('b@x', { total_cents: 1 }), facts(), policy, now)).toContain('total');
  expect(refusal(approval('b@x', { expires_at: '2026-11-26T11:59:59Z' }), facts(), policy, now)).toContain(
    'expired',
  );
  expect(refusal(approval('ana@x'), facts(), policy, now)).toContain('ana@x created the batch');
  expect(approvalRefusal(approval('ana@x'), facts(), policy, now)?.pt).toBe(
    'ana@x criou o lote, e ninguém aprova o próprio',
  );
  expect(refusal(approval('ana@x'), facts({ created_by: null }), policy, now)).toBeNull();
  // the text signed is the statement in one order, whatever order it was built in
  const { signer, ...rest } = approval('b@x');
  expect(statementText({ signer, ...rest } as ApprovalStatement)).toBe(statementText(approval('b@x')));
});

test('a policy that is not one names its field', () => {
  expect(() => parsePolicy('{')).toThrow('policy: not JSON');
  expect(() => parsePolicy('{}')).toThrow('allowed_signers');
  expect(() =>
    parsePolicy(
      JSON.stringify({
        allowed_signers: 'a',
        batch_bands: [
          { up_to_cents: 5, approvals: 1 },
          { up_to_cents: 4, approvals: 2 },
        ],
      }),
    ),
  ).toThrow('batch_bands[1].up_to_cents must be above the band before');
  expect(() =>
    parsePolicy(JSON.stringify({ allowed_signers: 'a', payment_data_changed: { approvals: 1 } })),
  ).toThrow('payment_data_changed.within_days');
});

test('a band as a share of the average monthly revenue; with no revenue known, the next band (more approvers)', () => {
  const byRevenue = parsePolicy(
    JSON.stringify({
      allowed_signers: 'a',
      batch_bands: [
        { up_to_revenue_share: 0.1, approvals: 1 },
        { up_to_revenue_share: 0.5, approvals: 2 },
        { approvals: 3 },
      ],
    }),
  );
  const revenue = 1_000_000; // R$ 10.000,00 a month
  expect(
    decide(byRevenue, facts({ total_cents: 100_000, average_revenue_cents: revenue }), [], now).required,
  ).toBe(1);
  expect(
    decide(byRevenue, facts({ total_cents: 100_001, average_revenue_cents: revenue }), [], now).required,
  ).toBe(2);
  expect(
    decide(byRevenue, facts({ total_cents: 600_000, average_revenue_cents: revenue }), [], now).required,
  ).toBe(3);
  expect(decide(byRevenue, facts({ total_cents: 1, average_revenue_cents: null }), [], now).required).toBe(3);
  expect(() =>
    parsePolicy(
      JSON.stringify({
        allowed_signers: 'a',
        batch_bands: [
          { up_to_cents: 100, approvals: 1 },
          { up_to_revenue_share: 0.5, approvals: 2 },
          { approvals: 3 },
        ],
      }),
    ),
  ).toThrow('batch_bands[1].up_to_revenue_share must be above the band before, of the same kind');
});
