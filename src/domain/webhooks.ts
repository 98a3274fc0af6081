import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (docs/DESIGN.md "Webhooks"): `X-Condo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * t + "." + body)>`. The sandbox signs with it, `condo webhooks listen` and `verify` check with it.
 */

export const WEBHOOK_EVENTS = ['bank.statement.imported'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function webhookSignature(secret: string, timestamp: number, body: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

/**
 * Checks a signature header against the raw body. `toleranceSeconds` (default 300) refuses old or future
 * timestamps, so a captured delivery cannot be replayed later; 0 turns the check off.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string | Buffer,
  opts: { now?: Date; toleranceSeconds?: number } = {},
): SignatureCheck {
  if (!header) return { ok: false, reason: 'no X-Condo-Signature header' };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(eq + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t)) return { ok: false, reason: 'the signature has no timestamp (t=)' };
  const candidates = parts.get('v1') ?? [];
  if (candidates.length === 0) return { ok: false, reason: 'the signature has no v1= value' };
  const tolerance = opts.toleranceSeconds ?? 300;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (tolerance > 0 && Math.abs(now - t) > tolerance) {
    return {
      ok: false,
      reason: `the timestamp is ${Math.abs(now - t)} s away from now (tolerance ${tolerance} s)`,
    };
  }
  const expected = Buffer.from(webhookSignature(secret, t, body).split('v1=')[1] as string, 'hex');
  const matches = candidates.some((c) => {
    const given = Buffer.from(c, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches
    ? { ok: true, timestamp: t }
    : { ok: false, reason: 'the signature does not match the body' };
}
