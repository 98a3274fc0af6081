import { afterEach, describe, expect, test } from 'vitest';
import { exitCodeOf } from '../../../src/cli/exit-codes.js';
import { errorFromTransport } from '../../../src/client/errors.js';
import type { Client } from '../../../src/client/index.js';
import { parseErrorBody } from '../../../src/client/index.js';
import { TransportError } from '../../../src/client/wire.js';
import {
  ApiError,
  AuthError,
  type CondoError,
  NotFoundError,
  UnavailableError,
  ValidationError,
} from '../../../src/domain/errors.js';
import { clientFor, json, startServer, type TestServer } from './server.js';

let server: TestServer;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

async function errorFor(
  status: number,
  body: string | object | undefined,
  headers: Record<string, string> = {},
) {
  server = await startServer((_req, res) => {
    const text = typeof body === 'string' || body === undefined ? (body ?? '') : JSON.stringify(body);
    res.writeHead(status, headers);
    res.end(text);
  });
  client = clientFor(server, { retry: { retries: 0, minDelayMs: 1, maxDelayMs: 1 } });
  const err = await client.request({ method: 'POST', path: 'payables', body: {} }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return err as CondoError;
}

describe('error bodies map to domain errors and exit codes', () => {
  test("DESIGN's shape: 422 validation_failed with fields -> ValidationError (exit 2 in the CLI)", async () => {
    const err = await errorFor(
      422,
      {
        error: { code: 'validation_failed', message: 'invalid payable', fields: { amount: ['must be > 0'] } },
        request_id: 'BODYRID',
      },
      { 'content-type': 'application/json', 'x-request-id': 'HDRRID' },
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(422);
    expect(err.code).toBe('validation_failed');
    expect(err.message).toBe('invalid payable');
    expect(err.fields).toEqual({ amount: ['must be > 0'] });
    expect(err.status).toBe(422);
    expect(err.requestId).toBe('HDRRID');
  });

  test('the request id comes from the body when the header is missing', async () => {
    const err = await errorFor(
      403,
      { error: { code: 'insufficient_scope', message: 'needs payments.write' }, request_id: 'R9' },
      {
        'content-type': 'application/json',
      },
    );
    expect(err).toBeInstanceOf(AuthError);
    expect(exitCodeOf(err)).toBe(3);
    expect(err.code).toBe('insufficient_scope');
    expect(err.requestId).toBe('R9');
  });

  test('RFC 7807 problem+json -> NotFoundError, exit 4', async () => {
    const err = await errorFor(
      404,
      {
        type: 'https://api.example.com/problems/payable-not-found',
        title: 'Not Found',
        status: 404,
        detail: 'no payable X',
      },
      { 'content-type': 'application/problem+json' },
    );
    expect(err).toBeInstanceOf(NotFoundError);
    expect(exitCodeOf(err)).toBe(4);
    expect(err.code).toBe('payable_not_found');
    expect(err.message).toBe('no payable X');
  });

  test('RFC 7807 with an errors list -> fields', async () => {
    const err = await errorFor(
      422,
      {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        errors: [{ pointer: '/due_date', detail: 'bad date' }],
      },
      { 'content-type': 'application/problem+json' },
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.code).toBe('validation_failed');
    expect(err.message).toBe('Unprocessable');
    expect(err.fields).toEqual({ due_date: ['bad date'] });
  });

  test("Laravel's {message, errors} -> ValidationError with fields", async () => {
    const err = await errorFor(
      422,
      {
        message: 'The amount field is required. (and 1 more error)',
        errors: { amount: ['The amount field is required.'], due_date: 'x' },
      },
      { 'content-type': 'application/json' },
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.code).toBe('validation_failed');
    expect(err.message).toMatch(/amount field is required/);
    expect(err.fields).toEqual({ amount: ['The amount field is required.'], due_date: ['x'] });
  });

  test('an OAuth error at the token endpoint -> AuthError, exit 3, code invalid_client', async () => {
    server = await startServer();
    server.handleToken((_req, res) =>
      json(
        res,
        401,
        { error: 'invalid_client', error_description: 'client authentication failed' },
        { 'x-request-id': 'TOK1' },
      ),
    );
    client = clientFor(server);
    const err = (await client
      .request({ method: 'GET', path: 'units' })
      .catch((e: unknown) => e)) as CondoError;
    expect(err).toBeInstanceOf(AuthError);
    expect(exitCodeOf(err)).toBe(3);
    expect(err.code).toBe('invalid_client');
    expect(err.message).toBe('client authentication failed');
    expect(err.requestId).toBe('TOK1');
    expect(server.seen).toHaveLength(0);
    expect(server.tokenRequests).toHaveLength(1);
  });

  test('an OAuth invalid_scope (400) is an auth failure too', async () => {
    server = await startServer();
    server.handleToken((_req, res) =>
      json(res, 400, { error: 'invalid_scope', error_description: 'no such scope' }),
    );
    client = clientFor(server, { scopes: ['nope'] });
    const err = (await client.token().catch((e: unknown) => e)) as CondoError;
    expect(err).toBeInstanceOf(AuthError);
    expect(err.code).toBe('invalid_scope');
  });

  test('an empty body -> the status default code', async () => {
    const err = await errorFor(404, undefined);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.code).toBe('not_found');
    expect(err.message).toBe('HTTP 404');
  });

  test('a non-JSON 502 page -> UnavailableError, exit 7, with a text excerpt', async () => {
    const err = await errorFor(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', {
      'content-type': 'text/html',
    });
    expect(err).toBeInstanceOf(UnavailableError);
    expect(exitCodeOf(err)).toBe(7);
    expect(err.code).toBe('bad_gateway');
    expect(err.message).toBe('HTTP 502: 502 Bad Gateway');
  });

  test('a 500 with broken JSON -> ApiError, exit 8', async () => {
    const err = await errorFor(500, '{"error": ', { 'content-type': 'application/json' });
    expect(err).toBeInstanceOf(ApiError);
    expect(exitCodeOf(err)).toBe(8);
    expect(err.code).toBe('internal_error');
  });

  test('parseErrorBody tolerates odd shapes without crashing', () => {
    expect(parseErrorBody(418, null)).toEqual({ code: 'http_418', message: 'HTTP 418' });
    expect(parseErrorBody(400, { error: { message: 'm' } }).code).toBe('bad_request');
    expect(parseErrorBody(409, { code: 'dup' })).toMatchObject({ code: 'dup', message: 'HTTP 409' });
    expect(parseErrorBody(422, { errors: [{ field: 'a', message: 'b' }, 'junk'] }).fields).toEqual({
      a: ['b'],
    });
  });
});

describe('a failure below HTTP says whether the request left', () => {
  const url = new URL('http://127.0.0.1:4010/api/v1/condominiums/x/payables');
  test('never left (connection refused): "cannot reach", no key', () => {
    const e = errorFromTransport(
      new TransportError('connect ECONNREFUSED', 'network', 'ECONNREFUSED', false),
      url,
      'R1',
      {
        method: 'POST',
        idempotencyKey: 'K1',
      },
    );
    expect(e).toMatchObject({ code: 'network_error', requestId: 'R1', idempotencyKey: undefined });
    expect(e.message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:4010/);
    expect(exitCodeOf(e)).toBe(7);
  });
  test('a write sent with no answer: outcome unknown, with the key to run it again with', () => {
    const e = errorFromTransport(
      new TransportError('other side closed', 'network', 'UND_ERR_SOCKET'),
      url,
      'R2',
      {
        method: 'POST',
        idempotencyKey: 'K2',
      },
    );
    expect(e).toMatchObject({ code: 'outcome_unknown', requestId: 'R2', idempotencyKey: 'K2' });
    expect(e.message).toMatch(/^outcome unknown: POST \/api\/v1\/condominiums\/x\/payables was sent/);
  });
  test('a read sent with no answer: "no answer", nothing to run again with', () => {
    const e = errorFromTransport(
      new TransportError('timed out', 'timeout', 'UND_ERR_HEADERS_TIMEOUT'),
      url,
      'R3',
    );
    expect(e).toMatchObject({ code: 'timeout', idempotencyKey: undefined });
    expect(e.message).toMatch(/^no answer from/);
  });
});
