/**
 * Redaction for the --debug trace: header values, JSON/form fields and query parameters that carry secrets or
 * tokens become `[REDACTED]`, and any known secret string that slips through anyway is scrubbed from the line.
 */
export const REDACTED = '[REDACTED]';

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-auth-token',
  'x-condo-signature',
]);
const SECRET_FIELD =
  /^(access_token|refresh_token|id_token|token|client_secret|secret|password|api_key|apikey)$/i;

export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = value.split(' ')[0];
    return scheme && scheme !== value ? `${scheme} ${REDACTED}` : REDACTED;
  }
  if (SECRET_HEADERS.has(lower) || /token|secret|password/i.test(lower)) return REDACTED;
  return value;
}

export function redactUrl(url: URL): string {
  if (!url.search && !url.username && !url.password) return url.toString();
  const copy = new URL(url.toString());
  if (copy.username) copy.username = REDACTED;
  if (copy.password) copy.password = REDACTED;
  for (const key of [...copy.searchParams.keys()]) {
    if (SECRET_FIELD.test(key)) copy.searchParams.set(key, REDACTED);
  }
  return copy.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/** A body as a single trace line: JSON with secret fields redacted, form fields likewise, else a summary. */
export function redactBody(
  bytes: Buffer | undefined,
  contentType: string | undefined,
  max = 2000,
): string | undefined {
  if (!bytes || bytes.length === 0) return undefined;
  const type = (contentType ?? '').toLowerCase();
  const text = bytes.toString('utf8');
  let out: string;
  if (type.includes('x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    for (const key of [...form.keys()]) if (SECRET_FIELD.test(key)) form.set(key, REDACTED);
    out = form.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
  } else if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      out = JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      out = text;
    }
  } else if (type.startsWith('text/') || type === '') {
    out = text;
  } else {
    return `<${bytes.length} bytes ${type}>`;
  }
  return out.length > max ? `${out.slice(0, max)}… (${out.length} chars)` : out;
}

export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : redactJson(v);
    return out;
  }
  return value;
}

/** Last line of defence: replaces every occurrence of the known secrets (>= 4 chars) in a line. */
export function scrub(line: string, secrets: Iterable<string>): string {
  let out = line;
  for (const s of secrets) if (s && s.length >= 4) out = out.replaceAll(s, REDACTED);
  return out;
}
