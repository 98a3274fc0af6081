import { redactBody, redactHeader, redactUrl, scrub } from '../redact.js';
import type { Layer, WireRequest } from '../wire.js';

/**
 * The --debug trace of every attempt: method, URL, headers, body, then status, duration, request id and response
 * headers and body, with Authorization, tokens and secrets redacted. Innermost, so it shows what really went out.
 */
export function redactingLog(
  debug: ((line: string) => void) | undefined,
  secrets: () => Iterable<string>,
): Layer {
  if (!debug) return (next) => next;
  const emit = (line: string) => debug(scrub(line, secrets()));
  return (next) => async (req) => {
    const url = redactUrl(req.url);
    const attempt = req.attempt && req.attempt > 1 ? ` (attempt ${req.attempt})` : '';
    emit(`> ${req.method} ${url}${attempt}`);
    for (const [name, value] of Object.entries(req.headers)) emit(`> ${name}: ${redactHeader(name, value)}`);
    const reqBody = describeRequestBody(req);
    if (reqBody) emit(`> ${reqBody}`);
    const started = performance.now();
    try {
      const res = await next(req);
      const rid = res.headers['x-request-id'] ?? req.headers['x-request-id'] ?? '-';
      emit(`< ${res.status} ${req.method} ${url} ${Math.round(res.durationMs)}ms request-id=${rid}`);
      for (const [name, value] of Object.entries(res.headers))
        emit(`< ${name}: ${redactHeader(name, value)}`);
      const body = res.stream ? '<streamed body>' : redactBody(res.bytes, res.headers['content-type']);
      if (body) emit(`< ${body}`);
      return res;
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      emit(
        `< ERROR ${req.method} ${url} ${ms}ms request-id=${req.headers['x-request-id'] ?? '-'}: ${
          (err as Error).message
        }`,
      );
      throw err;
    }
  };
}

function describeRequestBody(req: WireRequest): string | undefined {
  if (!req.body) return undefined;
  if (Buffer.isBuffer(req.body)) return redactBody(req.body, req.headers['content-type']);
  return `<streamed body ${req.body.contentType}${req.body.length !== undefined ? `, ${req.body.length} bytes` : ''}>`;
}
