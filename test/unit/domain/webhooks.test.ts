import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { verifyWebhookSignature, webhookSignature } from '../../../src/domain/webhooks.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"type":"bank.statement.imported","data":{"imported":3}}';
  const now = new Date('2026-11-22T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);

  test('the signature is HMAC-SHA256 of "t.body" (computed independently here)', () => {
    const independent = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(webhookSignature(secret, t, body)).toBe(`t=${t},v1=${independent}`);
  });

  test('a genuine delivery verifies', () => {
    expect(verifyWebhookSignature(secret, webhookSignature(secret, t, body), body, { now })).toEqual({
      ok: true,
      timestamp: t,
    });
  });

  test.each([
    ['a tampered body', (h: string) => h, `${body} `, /does not match/],
    ['another secret', () => webhookSignature('whsec_other', t, body), body, /does not match/],
    ['an old delivery', () => webhookSignature(secret, t - 3600, body), body, /away from now/],
    ['no timestamp', (h: string) => h.replace(/t=\d+,/, ''), body, /no timestamp/],
    ['no header', () => undefined, body, /no X-Condo-Signature/],
  ])('%s is refused', (_name, header, payload, reason) => {
    const r = verifyWebhookSignature(secret, header(webhookSignature(secret, t, body)), payload, { now });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });
});
