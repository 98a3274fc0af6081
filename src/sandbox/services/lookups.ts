/** Records many services look up the same way. */
import type { Tx } from '../db/tx.js';
import { where } from '../db/unit-of-work.js';
import type { BankAccount } from '../model.js';

/** The account payments leave from (is_payment_account). */
export function paymentAccountOf(tx: Tx): BankAccount | undefined {
  return tx.bankAccounts.first(where().eq('is_payment_account', true), 'id');
}
