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
    if (!r.ok) {
      expect(r.reason.en).toMatch(reason);
      expect(r.reason.pt.length).toBeGreaterThan(0);
    }
  });
});

describe('where a webhook may go (#30 point 6)', async () => {
  const { webhookAddressRefusal } = await import('../../../src/domain/webhooks.js');
  test.each([
    '169.254.169.254',
    '[::ffff:a9fe:a9fe]',
    '::ffff:169.254.169.254',
    'fe80::1',
    '[fd00:ec2::254]',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
  ])('%s is refused', (address) => {
    expect(webhookAddressRefusal(address)).toMatch(/a webhook is not delivered there/);
  });
  test.each(['127.0.0.1', '::1', '[::1]', '10.0.0.7', '192.168.1.20', '203.0.113.5', 'hooks.example.com'])(
    '%s is allowed (loopback, where integrators listen; private and public networks; a name until it resolves)',
    (address) => {
      expect(webhookAddressRefusal(address)).toBeNull();
    },
  );
  test('the sandbox can be told to let an address or a range through', () => {
    expect(webhookAddressRefusal('169.254.10.20', ['169.254.10.0/24'])).toBeNull();
    expect(webhookAddressRefusal('169.254.169.254', ['169.254.10.0/24'])).not.toBeNull();
    expect(webhookAddressRefusal('fe80::1', ['fe80::1'])).toBeNull();
  });
});
