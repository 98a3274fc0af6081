/**
 * Error bodies in any of the shapes a server may send, mapped to the domain's error classes (exit codes).
 * Shapes: DESIGN's `{error:{code,message,fields},request_id}`, RFC 7807 problem+json, Laravel's
 * `{message, errors}`, an OAuth error `{error, error_description}`, or an empty / non-JSON body.
 */
import { type CondoError, errorClassForStatus, UnavailableError } from '../domain/errors.js';
import type { TransportError, WireResponse } from './wire.js';

export interface ParsedError {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  requestId?: string;
  /** the error object's other members (a not_remittable's `reason`) */
  facts?: Record<string, unknown>;
}

const DEFAULT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export function defaultCode(status: number): string {
  return DEFAULT_CODES[status] ?? `http_${status}`;
}

/** Parses a body as JSON when it looks like JSON; the text otherwise; null when empty. */
export function parseBody(bytes: Buffer | undefined, contentType: string | undefined): unknown {
  if (!bytes || bytes.length === 0) return null;
  const text = bytes.toString('utf8');
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (looksJson) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** Extracts code, message, fields and request id from an error body of any known shape. */
export function parseErrorBody(status: number, body: unknown): ParsedError {
  const fallback = `HTTP ${status}`;
  if (isObject(body)) {
    const requestId = str(body.request_id) ?? str(body.requestId) ?? str(body.trace_id);
    // DESIGN shape: {error: {code, message, fields}, request_id}
    if (isObject(body.error)) {
      const { code, message, fields, errors, ...others } = body.error;
      // a refused file's lines stay beside its fields, each with its finding by code where the server gave one
      const facts = Array.isArray(errors) ? { ...others, errors } : others;
      return {
        code: str(code) ?? defaultCode(status),
        message: str(message) ?? str(body.message) ?? fallback,
        fields: normalizeFields(fields ?? errors ?? body.errors),
        requestId,
        ...(Object.keys(facts).length > 0 ? { facts } : {}),
      };
    }
    // OAuth 2.0 (RFC 6749 5.2): {error: "invalid_client", error_description}
    if (typeof body.error === 'string') {
      return {
        code: body.error,
        message: str(body.error_description) ?? str(body.message) ?? body.error,
        fields: normalizeFields(body.errors),
        requestId,
      };
    }
    // RFC 7807 problem+json: {type, title, status, detail, errors?}
    if ('title' in body || 'detail' in body || 'type' in body) {
      return {
        code: str(body.code) ?? problemCode(body.type) ?? defaultCode(status),
        message: str(body.detail) ?? str(body.title) ?? fallback,
        fields: normalizeFields(body.errors ?? body['invalid-params'] ?? body.invalid_params),
        requestId,
      };
    }
    // Laravel: {message, errors: {field: [..]}}
    if ('message' in body || 'errors' in body) {
      return {
        code: str(body.code) ?? defaultCode(status),
        message: str(body.message) ?? fallback,
        fields: normalizeFields(body.errors),
        requestId,
      };
    }
    return { code: str(body.code) ?? defaultCode(status), message: fallback, requestId };
  }
  if (typeof body === 'string' && body.trim()) {
    const text = body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { code: defaultCode(status), message: `${fallback}: ${text.slice(0, 200)}` };
  }
  return { code: defaultCode(status), message: fallback };
}

/** `https://example.com/probs/out-of-credit` -> `out_of_credit`; "about:blank" gives nothing. */
function problemCode(type: unknown): string | undefined {
  const t = str(type);
  if (!t || t === 'about:blank') return undefined;
  const last = t.split(/[/#:]/).filter(Boolean).pop();
  return last ? last.replace(/-/g, '_') : undefined;
}

/** {field: "msg"} | {field: ["msg"]} | [{field|name|pointer, message|detail|reason}] -> {field: ["msg"]}. */
export function normalizeFields(raw: unknown): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: unknown) => {
    const messages = Array.isArray(message) ? message : [message];
    for (const m of messages) {
      const text =
        typeof m === 'string' ? m : isObject(m) ? (str(m.message) ?? JSON.stringify(m)) : String(m);
      const list = out[field] ?? [];
      list.push(text);
      out[field] = list;
    }
  };
  if (isObject(raw)) {
    for (const [field, message] of Object.entries(raw)) add(field, message);
  } else if (Array.isArray(raw)) {
    for (const item of raw) {
      if (!isObject(item)) continue;
      const pointer = str(item.pointer) ?? (isObject(item.source) ? str(item.source.pointer) : undefined);
      const field =
        str(item.field) ??
        str(item.name) ??
        str(item.param) ??
        pointer?.replace(/^\/+/, '').replace(/\//g, '.');
      add(field ?? '_', item.message ?? item.detail ?? item.reason ?? item.title ?? 'invalid');
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Retry-After as milliseconds from now: delay-seconds (fractions tolerated) or an HTTP-date. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The CondoError for an HTTP error response. */
export function errorFromResponse(res: WireResponse, body?: unknown): CondoError {
  const parsed = parseErrorBody(
    res.status,
    body === undefined ? parseBody(res.bytes, res.headers['content-type']) : body,
  );
  const Cls = errorClassForStatus(res.status);
  const after = retryAfterMs(res.headers['retry-after']);
  // a refusal the server replayed from an earlier request of the same key says so: it may be stale (#66)
  const facts =
    res.headers['idempotency-replayed'] === '1' ? { ...parsed.facts, replayed: true } : parsed.facts;
  return new Cls(parsed.message, {
    code: parsed.code,
    status: res.status,
    requestId: res.headers['x-request-id'] ?? parsed.requestId,
    fields: parsed.fields,
    retryAfterSeconds: after === undefined ? undefined : Math.ceil(after / 1000),
    ...(facts ? { facts } : {}),
  });
}

/**
 * The CondoError for a failure below HTTP once retries are exhausted (exit 7). "Cannot reach" only when the
 * request never left; a write that was sent and got no answer has an unknown outcome, and says with which key it
 * can be run again safely.
 */
export function errorFromTransport(
  err: TransportError,
  url: URL,
  requestId: string | undefined,
  write?: { method: string; idempotencyKey: string | undefined },
): CondoError {
  const code = err.kind === 'timeout' ? 'timeout' : 'network_error';
  if (!err.sent)
    return new UnavailableError(
      {
        en: `cannot reach ${url.origin}: ${err.message}`,
        pt: `não foi possível alcançar ${url.origin}: ${err.message}`,
      },
      { code, requestId },
    );
  if (write?.idempotencyKey) {
    return new UnavailableError(
      {
        en: `outcome unknown: ${write.method} ${url.pathname} was sent to ${url.origin} and no answer came (${err.message})`,
        pt: `resultado desconhecido: ${write.method} ${url.pathname} foi enviado a ${url.origin} e nenhuma resposta veio (${err.message})`,
      },
      { code: 'outcome_unknown', requestId, idempotencyKey: write.idempotencyKey },
    );
  }
  return new UnavailableError(
    {
      en: `no answer from ${url.origin}: ${err.message}`,
      pt: `nenhuma resposta de ${url.origin}: ${err.message}`,
    },
    { code, requestId },
  );
}
