/**
 * Which condominium a bank file belongs to (`condo import FILE...` over a firm's profiles, #54 point 1): a return
 * to the condominiums whose accounts hold the account its header names, a statement to the one account the bank,
 * agency and account it names fit. The CLI reads each condominium's accounts and imports where this says.
 */
import { accountMatches, accountsNamed, bankMatches } from '../domain/bank-accounts.js';

/** A condominium's bank account, as far as a file's naming of it goes. */
export interface RoutedAccount {
  id: number;
  bank_code: string;
  agency: string;
  account_number: string;
}

/** A condominium a file may go to: the accounts read from it, or why it could not be asked. */
export interface RoutingCandidate {
  accountsRead?: readonly RoutedAccount[] | undefined;
  failure?: unknown;
}

/**
 * The condominiums a return may be of: those whose accounts hold the account its header names (at the bank it
 * names, where it names one); every one that answered when the header names no account.
 */
export function returnOwners<C extends RoutingCandidate>(
  candidates: readonly C[],
  header: { bankCode: string | null; account: string | null },
): C[] {
  const answered = candidates.filter((c) => !c.failure);
  const { account } = header;
  if (!account) return answered;
  return answered.filter((c) =>
    (c.accountsRead ?? []).some(
      (a) => accountMatches(a, account) === true && bankMatches(a, header.bankCode) !== false,
    ),
  );
}

/** The accounts, among every condominium's, that a statement's named accounts fit (one is where it goes). */
export function statementAccounts<
  A extends RoutedAccount,
  C extends { accountsRead?: readonly A[] | undefined; failure?: unknown },
>(
  candidates: readonly C[],
  named: readonly { bank_id: string | null; account_id: string | null }[],
): { candidate: C; account: A }[] {
  const withAccount = named.filter((n) => n.account_id);
  return candidates.flatMap((candidate) =>
    accountsNamed(candidate.accountsRead ?? [], withAccount).map((account) => ({ candidate, account })),
  );
}
