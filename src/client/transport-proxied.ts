/**
 * The way down through a proxy: undici's `EnvHttpProxyAgent` (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, CONNECT
 * tunnels), loaded only when a proxy is set (transport.ts).
 */
import type { Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentType } from 'undici';
// The proxy-aware agent and the dispatcher API alone, not undici's index (fetch, WebSocket, caches, mocks...). The
// index's one piece of set-up is repeated here: the API methods (request, connect, ...) on Dispatcher's prototype,
// which the proxy agent uses too.
import api from 'undici/lib/api/index.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import {
  bodyOf,
  flattenHeaders,
  proxySettings,
  signalOf,
  type TransportFailure,
  type TransportOptions,
  type Way,
  withLength,
} from './way.js';

Object.assign(DispatcherBase.prototype, api);
const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as unknown as typeof EnvHttpProxyAgentType;

export function openProxiedWay(opts: TransportOptions): Way {
  const dispatcher = new EnvHttpProxyAgent({
    ...proxySettings(opts.proxyEnv ?? process.env),
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connect: { timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  return {
    async exchange(req, deadline, headersTimeoutMs) {
      const res = await dispatcher.request({
        origin: req.url.origin,
        path: `${req.url.pathname}${req.url.search}`,
        method: req.method as Dispatcher.HttpMethod,
        headers: withLength(req),
        body: bodyOf(req),
        signal: signalOf(req, deadline),
        headersTimeout: headersTimeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
      return { status: res.statusCode, headers: flattenHeaders(res.headers), body: res.body };
    },
    failureOf,
    close: () => dispatcher.close(),
  };
}

/** undici's error codes in the transports' common terms. */
function failureOf(err: unknown): TransportFailure {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const message =
    (e.cause?.message && e.cause.message !== e.message ? `${e.message}: ${e.cause.message}` : e.message) ??
    String(err);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { code: 'CONNECT_TIMEOUT', message };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return { code: 'TIMEOUT', message };
  if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_URL') return { code: 'INVALID', message };
  if (code === 'UND_ERR_DESTROYED' || code === 'UND_ERR_CLOSED') return { code: 'CLOSED', message };
  return { code, message };
}
