/**
 * The way down without a proxy: Node's own `node:http` (and `node:https`, loaded at the first https URL), with a
 * keep-alive agent per protocol. The waits are undici's, kept by hand:
 * - connecting: at most the timeout (a failure to connect means the request was never sent);
 * - the answer's headers: at most the timeout with no bytes moving, and after an upload the server's time to take
 *   it in too (`waits` in transport.ts);
 * - the answer's body: at most the timeout with no bytes moving;
 * - a buffered call (no upload, no streamed answer): the whole of it within the timeout.
 */
import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import type { RequestOptions } from 'node:https';
import { createRequire } from 'node:module';
import {
  bodyOf,
  flattenHeaders,
  signalOf,
  type TransportFailure,
  type TransportOptions,
  type Way,
  withLength,
} from './way.js';
import type { WireRequest } from './wire.js';

type Request = (url: URL, options: RequestOptions) => ClientRequest;

// Required, not imported: on Node 22 and 24 an ES import of node:http reads every export of the module once,
// among them its lazy `WebSocket`, which loads Node's own copy of undici (15 ms, the whole gain over ours).
const require = createRequire(import.meta.url);
const nodeHttp = () => require('node:http') as typeof import('node:http');
const nodeHttps = () => require('node:https') as typeof import('node:https');

export function openHttpWay(opts: TransportOptions): Way {
  // Idle sockets are kept ten seconds (undici's keep-alive) and do not hold the process open (Node's agent unrefs them).
  const agentOptions = { keepAlive: true, timeout: 10_000 };
  let http: { agent: Agent; request: Request } | undefined;
  let https: { agent: Agent; request: Request } | undefined;
  const clientFor = (url: URL) => {
    if (url.protocol !== 'https:') {
      const m = nodeHttp();
      http ??= { agent: new m.Agent(agentOptions), request: m.request };
      return http;
    }
    const m = nodeHttps();
    https ??= { agent: new m.Agent(agentOptions), request: m.request };
    return https;
  };
  return {
    async exchange(req, deadline, headersTimeoutMs) {
      const res = await answerTo(clientFor(req.url), req, deadline, headersTimeoutMs, opts.timeoutMs);
      return { status: res.statusCode ?? 0, headers: flattenHeaders(res.headers), body: res };
    },
    failureOf,
    close() {
      http?.agent.destroy();
      https?.agent.destroy();
    },
  };
}

/** Sends the request and resolves with the answer once its headers are in. */
function answerTo(
  way: { agent: Agent; request: Request },
  req: WireRequest,
  deadline: AbortSignal | undefined,
  headersTimeoutMs: number,
  timeoutMs: number,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const signal = signalOf(req, deadline);
    const outgoing = way.request(req.url, {
      method: req.method,
      headers: withLength(req),
      agent: way.agent,
      ...(signal ? { signal } : {}),
    });
    let answer: IncomingMessage | undefined;
    outgoing.once('error', reject);
    outgoing.once('socket', (socket) => {
      if (!socket.connecting) return; // a kept-alive connection
      const timer = setTimeout(
        () => outgoing.destroy(failure('CONNECT_TIMEOUT', 'connect timed out')),
        timeoutMs,
      );
      socket.once('connect', () => clearTimeout(timer));
      outgoing.once('close', () => clearTimeout(timer));
    });
    // one listener for both waits: no bytes for the headers' wait before the answer, for the body's after it
    outgoing.setTimeout(headersTimeoutMs);
    outgoing.on('timeout', () => {
      const stalled = failure('TIMEOUT', 'timed out');
      if (answer) answer.destroy(stalled);
      else outgoing.destroy(stalled);
    });
    outgoing.once('response', (res) => {
      answer = res;
      outgoing.setTimeout(timeoutMs);
      resolve(res);
    });
    const body = bodyOf(req);
    if (body === undefined || Buffer.isBuffer(body)) {
      outgoing.end(body);
      return;
    }
    // pipe, not pipeline: pipeline would end the request's life (and with it the answer's) when the body is sent
    body.once('error', (err) => outgoing.destroy(err));
    body.pipe(outgoing);
  });
}

function failure(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

/** Node's errors in the transports' common terms. */
function failureOf(err: unknown): TransportFailure {
  const e = err as { code?: string; message?: string };
  const message = e.message ?? String(err);
  if (e.code?.startsWith('ERR_INVALID') || e.code === 'ERR_UNESCAPED_CHARACTERS')
    return { code: 'INVALID', message };
  return { code: e.code, message };
}
