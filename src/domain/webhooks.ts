import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Text } from './text.js';

/**
 * Webhook signatures (docs/DESIGN.md "Webhooks"): `X-Condo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * t + "." + body)>`. The sandbox signs with it, `condo webhooks listen` and `verify` check with it.
 */

export const WEBHOOK_EVENTS = ['bank.statement.imported'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a subscription may name: an event, or `*` for every one. */
export const KNOWN_EVENTS: readonly string[] = [...WEBHOOK_EVENTS, '*'];

export function webhookSignature(secret: string, timestamp: number, body: string | Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: Text };

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
  if (!header)
    return {
      ok: false,
      reason: { en: 'no X-Condo-Signature header', pt: 'sem o cabeçalho X-Condo-Signature' },
    };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(eq + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t))
    return {
      ok: false,
      reason: { en: 'the signature has no timestamp (t=)', pt: 'a assinatura não tem carimbo de tempo (t=)' },
    };
  const candidates = parts.get('v1') ?? [];
  if (candidates.length === 0)
    return {
      ok: false,
      reason: { en: 'the signature has no v1= value', pt: 'a assinatura não tem valor v1=' },
    };
  const tolerance = opts.toleranceSeconds ?? 300;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (tolerance > 0 && Math.abs(now - t) > tolerance) {
    return {
      ok: false,
      reason: {
        en: `the timestamp is ${Math.abs(now - t)} s away from now (tolerance ${tolerance} s)`,
        pt: `o carimbo de tempo está a ${Math.abs(now - t)} s de agora (tolerância ${tolerance} s)`,
      },
    };
  }
  const expected = Buffer.from(webhookSignature(secret, t, body).split('v1=')[1] as string, 'hex');
  const matches = candidates.some((c) => {
    const given = Buffer.from(c, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches
    ? { ok: true, timestamp: t }
    : {
        ok: false,
        reason: { en: 'the signature does not match the body', pt: 'a assinatura não confere com o corpo' },
      };
}

/**
 * Where a webhook may not be delivered (#30): an address no receiver of an integrator's can have, and that
 * could reach what a server must keep to itself: unspecified, link-local (169.254.0.0/16, where the cloud
 * metadata services answer, and fe80::/10), the metadata services' other addresses (100.100.100.200,
 * fd00:ec2::254), multicast, reserved and broadcast. Loopback (where integrators listen while developing) and
 * private networks stay allowed. An IPv4-mapped IPv6 address is judged as its IPv4 one; the decimal, octal and
 * hex forms of IPv4 reach here already made dotted by the URL parser. `allowed` (the sandbox's
 * `--webhook-allow`) lists addresses or CIDR ranges let through all the same.
 */
export function webhookAddressRefusal(address: string, allowed: readonly string[] = []): string | null {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(ip);
  if (family === 0) return null; // a name: judged by what it resolves to, at delivery
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(ip);
  const v4 = mapped
    ? (mapped[1] ??
      [mapped[2], mapped[3]]
        .flatMap((h) => {
          const n = Number.parseInt(h as string, 16);
          return [n >> 8, n & 255];
        })
        .join('.'))
    : family === 4
      ? ip
      : null;
  const list = new BlockList();
  for (const entry of allowed) {
    const [net, bits] = entry.split('/');
    if (!net || isIP(net) === 0) continue;
    const type = isIP(net) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(bits), type);
  }
  if (v4 ? list.check(v4, 'ipv4') : list.check(ip, 'ipv6')) return null;
  const why = v4 ? refusedV4(v4) : refusedV6(ip);
  return why ? `${address} is ${why}: a webhook is not delivered there` : null;
}

function refusedV4(ip: string): string | null {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  if (a === 0) return 'an unspecified address (0.0.0.0/8)';
  if (a === 169 && b === 254) return 'link-local (169.254.0.0/16, where cloud metadata services answer)';
  if (a === 100 && b === 100 && c === 100 && d === 200) return 'a cloud metadata address';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved or broadcast';
  return null;
}

function refusedV6(ip: string): string | null {
  if (ip === '::') return 'the unspecified address';
  if (/^fe[89ab]/.test(ip)) return 'link-local (fe80::/10)';
  if (/^ff/.test(ip)) return 'multicast';
  if (ip === 'fd00:ec2::254') return 'a cloud metadata address';
  return null;
}
