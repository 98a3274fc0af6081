import type { Scope } from './scopes.js';

/**
 * Where each operation of the API lives: method, path under /api/v1 and the scope it needs. The client builds
 * its calls from this alone (it loads in no time); domain/operations.ts adds the parameters, bodies and answers
 * of the same operations, for the sandbox and the OpenAPI document.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Under /api/v1, with `{name}` parameters; tenant paths start with /condominiums/{condominium}. */
  path: string;
  /** null: no token (the token endpoint itself, the liveness check). */
  scope: Scope | null;
}

/** The port `condo sandbox start` listens on unless told otherwise. */
export const SANDBOX_PORT = '4010';

/** Where the API lives on its server. */
export const API_PREFIX = '/api/v1';

/** The largest statement file the import takes (a multipart part): the CLI refuses a larger one before reading it. */
export const STATEMENT_FILE_LIMIT = 100 * 1024 * 1024;

/** The prefix of every path a condominium's client may call. */
export const TENANT = '/condominiums/{condominium}';

export const endpoints = {
  issueToken: { method: 'POST', path: '/oauth/token', scope: null },
  ping: { method: 'GET', path: '/ping', scope: null },
  getOpenApi: { method: 'GET', path: '/openapi.json', scope: null },
  listPayables: { method: 'GET', path: `${TENANT}/payables`, scope: 'payments.read' },
  createPayable: { method: 'POST', path: `${TENANT}/payables`, scope: 'payments.write' },
  getPayable: { method: 'GET', path: `${TENANT}/payables/{payable}`, scope: 'payments.read' },
  updatePayable: { method: 'PATCH', path: `${TENANT}/payables/{payable}`, scope: 'payments.write' },
  deletePayable: { method: 'DELETE', path: `${TENANT}/payables/{payable}`, scope: 'payments.write' },
  markPayable: {
    method: 'POST',
    path: `${TENANT}/payables/{payable}/mark-for-remessa`,
    scope: 'payments.write',
  },
  unmarkPayable: {
    method: 'POST',
    path: `${TENANT}/payables/{payable}/unmark-for-remessa`,
    scope: 'payments.write',
  },
  listBatches: { method: 'GET', path: `${TENANT}/pagamento-batches`, scope: 'payments.read' },
  createBatch: { method: 'POST', path: `${TENANT}/pagamento-batches`, scope: 'payments.write' },
  getBatch: { method: 'GET', path: `${TENANT}/pagamento-batches/{batch}`, scope: 'payments.read' },
  downloadBatchFile: {
    method: 'GET',
    path: `${TENANT}/pagamento-batches/{batch}/file`,
    scope: 'payments.read',
  },
  cancelBatch: {
    method: 'POST',
    path: `${TENANT}/pagamento-batches/{batch}/cancel`,
    scope: 'payments.write',
  },
  importBatchReturn: {
    method: 'POST',
    path: `${TENANT}/pagamento-batches/{batch}/retorno`,
    scope: 'payments.write',
  },
  listBatchApprovals: {
    method: 'GET',
    path: `${TENANT}/pagamento-batches/{batch}/approvals`,
    scope: 'payments.read',
  },
  addBatchApproval: {
    method: 'POST',
    path: `${TENANT}/pagamento-batches/{batch}/approvals`,
    scope: 'payments.write',
  },
  listEntries: { method: 'GET', path: `${TENANT}/account-entries`, scope: 'plano-de-contas.read' },
  createEntry: { method: 'POST', path: `${TENANT}/account-entries`, scope: 'plano-de-contas.write' },
  createTransfer: { method: 'POST', path: `${TENANT}/account-transfers`, scope: 'plano-de-contas.write' },
  listChartAccounts: { method: 'GET', path: `${TENANT}/chart-of-accounts`, scope: 'plano-de-contas.read' },
  listBankAccounts: { method: 'GET', path: `${TENANT}/bank-accounts`, scope: 'bank.read' },
  importStatement: {
    method: 'POST',
    path: `${TENANT}/bank-accounts/{bankAccount}/statements/import`,
    scope: 'bank.write',
  },
  listStatements: { method: 'GET', path: `${TENANT}/bank-statements`, scope: 'bank.read' },
  getStatement: { method: 'GET', path: `${TENANT}/bank-statements/{statement}`, scope: 'bank.read' },
  listSuppliers: { method: 'GET', path: `${TENANT}/suppliers`, scope: 'cadastros.read' },
  createSupplier: { method: 'POST', path: `${TENANT}/suppliers`, scope: 'cadastros.write' },
  getSupplier: { method: 'GET', path: `${TENANT}/suppliers/{id}`, scope: 'cadastros.read' },
  updateSupplier: { method: 'PATCH', path: `${TENANT}/suppliers/{id}`, scope: 'cadastros.write' },
  listUnits: { method: 'GET', path: `${TENANT}/units`, scope: 'cadastros.read' },
  getUnit: { method: 'GET', path: `${TENANT}/units/{id}`, scope: 'cadastros.read' },
  getCondominium: { method: 'GET', path: TENANT, scope: 'cadastros.read' },
  listInvoices: { method: 'GET', path: `${TENANT}/invoices`, scope: 'invoices.read' },
  createInvoice: { method: 'POST', path: `${TENANT}/invoices`, scope: 'invoices.write' },
  getInvoice: { method: 'GET', path: `${TENANT}/invoices/{publicId}`, scope: 'invoices.read' },
  issueInvoice: { method: 'POST', path: `${TENANT}/invoices/{publicId}/issue`, scope: 'invoices.write' },
  cancelInvoice: { method: 'POST', path: `${TENANT}/invoices/{publicId}/cancel`, scope: 'invoices.write' },
  renegotiateInvoice: {
    method: 'POST',
    path: `${TENANT}/invoices/{publicId}/renegotiate`,
    scope: 'invoices.write',
  },
  getInvoicePayment: { method: 'GET', path: `${TENANT}/invoices/{publicId}/payment`, scope: 'invoices.read' },
  recordInvoicePayment: {
    method: 'POST',
    path: `${TENANT}/invoices/{publicId}/payment`,
    scope: 'invoices.write',
  },
  listExpenses: { method: 'GET', path: `${TENANT}/expenses`, scope: 'expenses.read' },
  createExpense: { method: 'POST', path: `${TENANT}/expenses`, scope: 'expenses.write' },
  createExpenseInstallments: {
    method: 'POST',
    path: `${TENANT}/expenses/installments`,
    scope: 'expenses.write',
  },
  listDefaulters: { method: 'GET', path: `${TENANT}/defaulters`, scope: 'invoices.read' },
  listMonetaryIndexes: { method: 'GET', path: `${TENANT}/monetary-indexes`, scope: 'invoices.read' },
  listMonetaryIndexValues: {
    method: 'GET',
    path: `${TENANT}/monetary-indexes/{code}/values`,
    scope: 'invoices.read',
  },
  listWebhookSubscriptions: {
    method: 'GET',
    path: `${TENANT}/webhooks/subscriptions`,
    scope: 'webhooks.manage',
  },
  createWebhookSubscription: {
    method: 'POST',
    path: `${TENANT}/webhooks/subscriptions`,
    scope: 'webhooks.manage',
  },
  getWebhookSubscription: {
    method: 'GET',
    path: `${TENANT}/webhooks/subscriptions/{id}`,
    scope: 'webhooks.manage',
  },
  deleteWebhookSubscription: {
    method: 'DELETE',
    path: `${TENANT}/webhooks/subscriptions/{id}`,
    scope: 'webhooks.manage',
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: `${TENANT}/webhooks/subscriptions/{id}/deliveries`,
    scope: 'webhooks.manage',
  },
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof endpoints;

/** The path parameter names of an endpoint, in order (`{payable}` -> payable). */
export function pathParams(e: Pick<Endpoint, 'path'>): string[] {
  return [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** The endpoint's path with its parameters filled in (each one URL-encoded). */
export function fillPath(e: Pick<Endpoint, 'path'>, params: Readonly<Record<string, string>>): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
