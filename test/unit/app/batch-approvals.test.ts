import { describe, expect, test } from 'vitest';
import type { LoadedPolicy, ReadApproval } from '../../../src/app/approvals.js';
import { approvalLog, batchCreators } from '../../../src/app/batch-approvals.js';
import { servedSandbox } from './served.js';

/** A batch's approvals as the product reads them (#72 point 1: what cli/commands/approvals.ts decided itself). */
const served = servedSandbox();

const loaded = {
  path: 'policy.yaml',
  dir: 'approvals',
  signers: [],
  policy: {
    expiry_days: 7,
    signers: {
      ana: { name: 'Ana', role: 'síndica', client_id: 'cli_ana' },
      bia: { name: 'Bia', role: 'conselheira', client_id: 'cli_bia' },
    },
  },
} as unknown as LoadedPolicy;

const approval = (signer: string, batch: string, expires: string, bad: ReadApproval['bad'] = null) =>
  ({
    file: `${batch}.${signer}.approval`,
    text: 'statement',
    bad,
    statement: { batch, signer, sha256: 'a'.repeat(64), total_cents: 1000, payments: 1, expires_at: expires },
  }) as unknown as ReadApproval;

describe('the log of approvals', () => {
  test("each approval's standing: valid, expired, not valid (said why), or its creator's (never counts)", () => {
    const now = Date.parse('2026-12-03T12:00:00Z');
    const rows = approvalLog(
      loaded,
      [
        approval('ana', 'B1', '2026-12-08T12:00:00Z'),
        approval('ana', 'B2', '2026-12-01T12:00:00Z'),
        approval('bia', 'B1', '2026-12-08T12:00:00Z', { en: 'bad signature', pt: 'assinatura ruim' }),
        approval('bia', 'B3', '2026-12-08T12:00:00Z'),
      ],
      new Map([
        ['B1', 'cli_x'],
        ['B3', 'cli_bia'],
      ]),
      now,
    );
    expect(rows.map((r) => [r.batch, r.signer, r.status, r.problem])).toEqual([
      ['B1', 'ana', 'valid', null],
      ['B2', 'ana', 'expired', 'its time ran out'],
      ['B1', 'bia', 'bad', 'bad signature'],
      ['B3', 'bia', 'own_batch', 'the signer created the batch'],
    ]);
    // signed the policy's expiry_days before it expires
    expect(rows[0]?.signed_at).toBe('2026-12-01T12:00:00.000Z');
    expect(rows[0]).toMatchObject({ name: 'Ana', role: 'síndica' });
  });
});

describe('who created the batches the approvals name', () => {
  test('asked of the server; a batch it does not know is named among the failed', async () => {
    const [b] = await served.client.batches.list({ all: true });
    if (!b) throw new Error('the seed has no batch');
    const { creators, failed } = await batchCreators(served.client, [
      b.public_id,
      '01JZZZZZZZZZZZZZZZZZZZZZZZ',
    ]);
    expect(creators.has(b.public_id)).toBe(true);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^01JZZZZZZZZZZZZZZZZZZZZZZZ \(/);
  });
});
