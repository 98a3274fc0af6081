/** Stored records as the wire shows them (docs/DESIGN.md "Response fields"): decimal reais where the API uses them. */
import { centsToDecimal } from '../../domain/money.js';
import type { PayableState } from '../../domain/payables.js';
import type {
  AccountEntry,
  BankAccount,
  BatchItem,
  ChartAccount,
  Payable,
  PaymentBatchRecord,
  Supplier,
  Unit,
} from '../model.js';

export const bankAccountView = (b: BankAccount) => ({
  id: b.id,
  name: b.name,
  bank_code: b.bank_code,
  bank_name: b.bank_name,
  agency: b.agency,
  account_number: b.account_number,
  type: b.type,
  current_balance: centsToDecimal(b.current_balance_cents),
  is_payment_account: b.is_payment_account,
  convenio: b.convenio ?? null,
});

export const chartAccountView = (a: ChartAccount) => ({
  id: a.id,
  code: a.code,
  name: a.name,
  type: a.type,
  state: a.state,
  parent_id: a.parent_id,
});

export const supplierView = (s: Supplier) => ({
  id: s.id,
  name: s.name,
  document: s.document,
  bank: s.bank ? { ...s.bank } : null,
  pix_key: s.pix_key,
  pix_key_type: s.pix_key_type,
  payment_data_changed_at: s.payment_data_changed_at ?? null,
});

export const unitView = (u: Unit) => ({
  id: u.id,
  block: u.block,
  number: u.number,
  label: u.label,
  owner: u.owner,
  owner_document: u.owner_document || null,
  ideal_fraction: u.ideal_fraction,
});

/** Payables carry money in cents, as stored. */
export const payableView = (p: Payable) => ({
  ...p,
  last_return: p.last_return ? { ...p.last_return } : null,
});

/** A payment batch; money in cents, as payables. */
export const batchView = (b: PaymentBatchRecord) => ({
  public_id: b.public_id,
  state: b.state,
  data_pagamento: b.data_pagamento,
  bank_account_id: b.bank_account_id,
  file_name: b.file_name,
  file_sequence: b.file_sequence,
  file_sha256: b.file_sha256,
  payables_count: b.payables_count,
  total_amount: b.total_amount,
  by_forma: Object.fromEntries(Object.entries(b.by_forma).map(([k, v]) => [k, { ...v }])),
  returns: b.returns.map((r) => ({ ...r })),
  created_at: b.created_at,
  created_by: b.created_by ?? null,
});

/**
 * A batch with its payables: `state` is the payable's state now (null once deleted), `outcome` what this
 * batch's returns said of it (null until one did), `last_return` this batch's last word on it.
 */
export const batchDetailView = (
  b: PaymentBatchRecord,
  items: Iterable<BatchItem>,
  stateOf: (payableId: string) => PayableState | undefined,
) => {
  return {
    ...batchView(b),
    payables: Array.from(items, (i) => ({
      public_id: i.public_id,
      seu_numero: i.seu_numero,
      state: stateOf(i.public_id) ?? null,
      outcome: i.outcome,
      amount: i.amount,
      payee_name: i.payee_name,
      forma_pagamento: i.forma_pagamento,
      last_return: i.last_return ? { ...i.last_return } : null,
    })),
  };
};

/** A ledger entry: decimal reais on the wire. */
export const accountEntryView = (e: AccountEntry) => ({
  id: e.id,
  type: e.type,
  chart_of_accounts_id: e.chart_of_accounts_id,
  bank_account_id: e.bank_account_id,
  unit_id: e.unit_id,
  supplier_id: e.supplier_id,
  amount: centsToDecimal(e.amount_cents),
  description: e.description,
  payee: e.payee,
  document_number: e.document_number,
  payment_method: e.payment_method,
  due_at: e.due_at,
  paid_at: e.paid_at,
  period: e.period,
  source: e.source,
  transfer_id: e.transfer_id,
  reconciled: e.reconciled,
  payable_id: e.payable_id ?? null,
  statement_line_id: e.statement_line_id ?? null,
  rule_id: e.rule_id ?? null,
  created_at: e.created_at,
});
