/** Records many services look up the same way. */
import type { Tx } from '../db/tx.js';
import type { BankAccount } from '../model.js';

/** The account payments leave from (is_payment_account). */
export function paymentAccountOf(tx: Tx): BankAccount | undefined {
  return tx.bankAccounts.first(tx.bankAccounts.where().eq('is_payment_account', true), ['id']);
}
