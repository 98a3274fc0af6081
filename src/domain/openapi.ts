/**
 * The OpenAPI 3.1 document of the API, generated from the operations table: what `condo sandbox openapi` prints
 * and a running sandbox serves at /api/v1/openapi.json. Integrators generate their own clients from it.
 */
import type { TSchema } from '@sinclair/typebox';
import { API_PREFIX, pathParams } from './endpoints.js';
import { bodyTypesOf, isMultipart, MAX_PAGE, MEDIA_TYPES, type Operation, operations } from './operations.js';
import * as R from './responses.js';
import { SCOPES } from './scopes.js';

type Json = Record<string, unknown>;

const SCOPE_TEXT: Record<(typeof SCOPES)[number], string> = {
  'invoices.read': 'read invoices, defaulters and monetary indexes',
  'invoices.write': 'create and issue invoices',
  'expenses.read': 'read expenses',
  'expenses.write': 'create expenses',
  'cadastros.read': 'read suppliers and units',
  'cadastros.write': 'change suppliers and units',
  'bank.read': 'read bank accounts',
  'bank.write': 'import bank statements',
  'plano-de-contas.read': 'read the chart of accounts and the ledger',
  'plano-de-contas.write': 'write ledger entries and transfers',
  'webhooks.manage': 'manage webhook subscriptions',
  'payments.read': 'read payables and payment batches',
  'payments.write': 'create and change payables and payment batches',
};

/** Records published as components, so the document reads as the spec's resource tables do. */
const NAMED: Record<string, TSchema> = {
  Payable: R.Payable,
  PayableWritten: R.PayableWritten,
  Batch: R.Batch,
  BatchDetail: R.BatchDetail,
  ReturnImport: R.ReturnImport,
  BankAccount: R.BankAccount,
  ChartAccount: R.ChartAccount,
  Supplier: R.Supplier,
  Unit: R.Unit,
  AccountEntry: R.AccountEntry,
  AccountTransfer: R.AccountTransfer,
  Invoice: R.Invoice,
  InvoicePayment: R.InvoicePayment,
  Expense: R.Expense,
  StatementImport: R.StatementImport,
  WebhookSubscription: R.WebhookSubscription,
  WebhookSubscriptionCreated: R.WebhookSubscriptionCreated,
  WebhookAttempt: R.WebhookAttempt,
  Defaulter: R.Defaulter,
  MonetaryIndex: R.MonetaryIndex,
  TokenGrant: R.TokenGrant,
  Ping: R.Ping,
  OpenApiDocument: R.OpenApiDocument,
  Error: R.ErrorBody,
  OAuthError: R.OAuthErrorBody,
};
const nameOf = new Map<unknown, string>(Object.entries(NAMED).map(([name, schema]) => [schema, name]));

/**
 * A TypeBox schema as plain JSON Schema 2020-12: the named records as $refs, and the two checks our request
 * schemas spell as keywords of their own written as standard ones (isoDate -> format date, twoDecimals ->
 * multipleOf 0.01).
 */
function jsonSchema(schema: unknown, top = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => jsonSchema(s, false));
  if (!schema || typeof schema !== 'object') return schema;
  const name = nameOf.get(schema);
  if (name && !top) return { $ref: `#/components/schemas/${name}` };
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'isoDate') out.format = 'date';
    else if (key === 'twoDecimals') out.multipleOf = 0.01;
    else out[key] = jsonSchema(value, false);
  }
  return out;
}

const ref = (schema: TSchema) => jsonSchema(schema, false);

const HEADERS: Json = {
  'X-Request-Id': {
    description: "The request's id: the one sent (sanitized), or one the server made. Quote it to support.",
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'Calls allowed per window, per token', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Calls left in this window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window resets',
    schema: { type: 'integer' },
    'x-condo-extension': true,
  },
  'Retry-After': { description: 'Seconds to wait before calling again', schema: { type: 'integer' } },
  'Idempotency-Replayed': {
    description: '1 when this is the stored answer of an earlier call with the same Idempotency-Key',
    schema: { type: 'string', enum: ['1'] },
  },
};

const headerRefs = (...names: string[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

function queryParameters(op: Operation): Json[] {
  const params: Json[] = Object.entries(op.query ?? {}).map(([name, p]) => ({
    name,
    in: 'query',
    required: false,
    ...(p.description ? { description: p.description } : {}),
    ...(p.extension ? { 'x-condo-extension': true } : {}),
    schema:
      p.type === 'date'
        ? { type: 'string', format: 'date' }
        : {
            type: p.type,
            ...(p.enum ? { enum: [...p.enum] } : {}),
            ...(p.pattern ? { pattern: p.pattern } : {}),
            ...(p.minimum !== undefined ? { minimum: p.minimum } : {}),
            ...(p.maximum !== undefined ? { maximum: p.maximum } : {}),
          },
  }));
  if (op.paged)
    params.push({ $ref: '#/components/parameters/page' }, { $ref: '#/components/parameters/per_page' });
  return params;
}

function requestBody(op: Operation): Json | undefined {
  const body = op.body;
  if (!body) return undefined;
  if (isMultipart(body)) {
    const parts = Object.entries(body.multipart);
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              parts.map(([name, p]) => [
                name,
                {
                  ...(p.extension ? { 'x-condo-extension': true } : {}),
                  ...(p.type === 'file'
                    ? {
                        // format binary (OpenAPI 3.0's spelling, which generators read) beside 3.1's media type:
                        // openapi-typescript types the part as a Blob
                        type: 'string',
                        format: 'binary',
                        contentMediaType: 'application/octet-stream',
                        description: p.description,
                      }
                    : {
                        type: 'string',
                        ...(p.enum ? { enum: [...p.enum] } : {}),
                        description: p.description,
                      }),
                },
              ]),
            ),
            required: parts.filter(([, p]) => p.required).map(([name]) => name),
          },
        },
      },
    };
  }
  const schema = jsonSchema(body);
  return {
    required: true,
    content: Object.fromEntries(bodyTypesOf(op).map((t) => [MEDIA_TYPES[t], { schema }])),
  };
}

function success(op: Operation): Json {
  const headers = headerRefs(
    'X-Request-Id',
    ...(op.scope ? ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] : []),
    ...(op.method !== 'GET' ? ['Idempotency-Replayed'] : []),
  );
  const response = op.response;
  if (response === null) return { description: 'Done; no body', headers };
  if ('file' in response) {
    return {
      description: 'The file',
      headers: {
        ...headers,
        'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
        'X-Content-SHA256': { description: "The file's SHA-256, hex", schema: { type: 'string' } },
      },
      content: { [response.file]: { schema: { type: 'string', contentMediaType: response.file } } },
    };
  }
  return {
    description: 'Success',
    headers,
    content: { 'application/json': { schema: ref(response as TSchema) } },
  };
}

/**
 * A path parameter's type: the spec types a bank account integer (`{bankAccount}`), and suppliers and units are
 * integer ids too; every other path parameter (a slug, a ULID) is a string.
 */
function pathParamSchema(op: Operation, name: string): Json {
  const integer = name === 'bankAccount' || (name === 'id' && /\/(suppliers|units)\/\{id\}$/.test(op.path));
  return integer ? { type: 'integer', minimum: 1 } : { type: 'string' };
}

function operationObject(id: string, op: Operation): Json {
  const parameters: Json[] = [
    ...pathParams(op).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: pathParamSchema(op, name),
    })),
    ...queryParameters(op),
    { $ref: '#/components/parameters/X-Request-Id' },
    // the token endpoint honours no Idempotency-Key, so it documents none
    ...(op.method !== 'GET' && id !== 'issueToken'
      ? [{ $ref: '#/components/parameters/Idempotency-Key' }]
      : []),
  ];
  const body = requestBody(op);
  return {
    operationId: id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [tagOf(op)],
    security: op.scope ? [{ oauth2: [op.scope] }] : [],
    parameters,
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(op.status)]: success(op),
      '429': { $ref: '#/components/responses/RateLimited' },
      default:
        id === 'issueToken'
          ? {
              description: "RFC 6749's error: its code and description (400 or 401)",
              headers: headerRefs('X-Request-Id'),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } },
            }
          : { $ref: '#/components/responses/Error' },
    },
    ...(op.extension ? { 'x-condo-extension': true } : {}),
  };
}

/** The first path segment after the condominium: payables, pagamento-batches, ... */
function tagOf(op: Operation): string {
  const parts = op.path.split('/').filter(Boolean);
  return parts[0] === 'condominiums' ? (parts[2] ?? 'condominiums') : (parts[0] ?? 'api');
}

/** `serverUrl`: the server's origin (default the sandbox's usual http://127.0.0.1:4010). */
export function openApiDocument(opts: { serverUrl?: string } = {}): Record<string, unknown> {
  const paths: Record<string, Json> = {};
  for (const [id, op] of Object.entries(operations) as Array<[string, Operation]>) {
    const entry = paths[op.path] ?? {};
    entry[op.method.toLowerCase()] = operationObject(id, op);
    paths[op.path] = entry;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Condominium finance API',
      version: '1',
      description:
        'Payables and CNAB 240 payment batches, bank statements, invoices, expenses and the ledger of a condominium. ' +
        'Generated from the operations table of condo (src/domain/operations.ts); `x-condo-extension` marks what ' +
        'the sandbox adds to the spec.',
    },
    servers: [{ url: `${opts.serverUrl ?? 'http://127.0.0.1:4010'}${API_PREFIX}` }],
    security: [{ oauth2: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(NAMED).map(([name, s]) => [name, jsonSchema(s)])),
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Client credentials; the token is bound to one condominium.',
          flows: {
            clientCredentials: {
              tokenUrl: `${API_PREFIX}/oauth/token`,
              scopes: Object.fromEntries(SCOPES.map((s) => [s, SCOPE_TEXT[s]])),
            },
          },
        },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a write safe to retry: the same key and body within 24 h get the first answer again ' +
            '(Idempotency-Replayed: 1); the same key with another body is a 409.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,255}$' },
        },
        'X-Request-Id': {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Your id for this request, echoed in the answer and in errors.',
          schema: { type: 'string' },
        },
        page: {
          name: 'page',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
        },
        per_page: {
          name: 'per_page',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        },
      },
      headers: HEADERS,
      responses: {
        Error: {
          description: 'An error: its code, message, request id and, for a 422, the reasons per field',
          headers: headerRefs('X-Request-Id'),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        RateLimited: {
          description: 'Too many calls in this window',
          headers: headerRefs(
            'X-Request-Id',
            'Retry-After',
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
          ),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
