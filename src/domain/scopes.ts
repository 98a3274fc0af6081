/** OAuth scopes (spec "Authentication", plus payments.* for payables and batches). */
export const SCOPES = [
  'invoices.read',
  'invoices.write',
  'expenses.read',
  'expenses.write',
  'cadastros.read',
  'cadastros.write',
  'bank.read',
  'bank.write',
  'plano-de-contas.read',
  'plano-de-contas.write',
  'webhooks.manage',
  'payments.read',
  'payments.write',
] as const;
export type Scope = (typeof SCOPES)[number];
