/** Stored records as the wire shows them (DESIGN.md "Response fields"): decimal reais where the API uses them. */
import { centsToDecimal } from '../../domain/money.js';
import type { BankAccount, ChartAccount, Payable, Supplier, Unit } from '../model.js';

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
});

export const unitView = (u: Unit) => ({
  id: u.id,
  block: u.block,
  number: u.number,
  label: u.label,
  owner: u.owner,
  ideal_fraction: u.ideal_fraction,
});

/** Payables carry money in cents, as stored. */
export const payableView = (p: Payable) => ({
  ...p,
  last_return: p.last_return ? { ...p.last_return } : null,
});
