/** Records many services look up the same way. */
import type { FieldErrors } from '../../domain/request-bodies.js';
import type { Tx } from '../db/tx.js';
import type { BankAccount } from '../model.js';

/** The account payments leave from (is_payment_account). */
export function paymentAccountOf(tx: Tx): BankAccount | undefined {
  return tx.bankAccounts.first(tx.bankAccounts.where().eq('is_payment_account', true), ['id']);
}

/**
 * A write's references that must name records of this condominium: a supplier, a bank account, and a chart
 * account that is an active expense. A field's refusal carries no code on the wire: its words are the ones the
 * CLI's phrase rules say in Portuguese (i18n-pt.ts PT_PHRASES).
 */
export function referenceErrors(
  tx: Tx,
  body: { supplier_id?: number | null; chart_of_accounts_id?: number; bank_account_id?: number | null },
): FieldErrors {
  const fields: FieldErrors = {};
  const missing = 'does not exist in this condominium';
  if (body.supplier_id != null && !tx.suppliers.get(body.supplier_id)) fields.supplier_id = [missing];
  if (body.chart_of_accounts_id !== undefined) {
    const account = tx.chartAccounts.get(body.chart_of_accounts_id);
    if (!account) fields.chart_of_accounts_id = [missing];
    else if (account.state !== 'active')
      fields.chart_of_accounts_id = [`account ${account.code} is inactive`];
    else if (account.type !== 'expense')
      fields.chart_of_accounts_id = [`account ${account.code} is not an expense account`];
  }
  if (body.bank_account_id != null && !tx.bankAccounts.get(body.bank_account_id))
    fields.bank_account_id = [missing];
  return fields;
}
