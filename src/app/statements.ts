/**
 * A bank statement into the API (`statements import`, `import`): the account it goes into, found by what the
 * file says of itself, and the upload, whose answer is said at the lines of the file the person has (a CNAB 240
 * extrato goes as the OFX it says, and the server counts that OFX's lines).
 */
import type { Client, StatementImportResult } from '../client/index.js';
import { accountsNamed } from '../domain/bank-accounts.js';
import { CondoError, NotFoundError, UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import { STATEMENTS_EXTENSION } from './movements.js';
import { ifServed, viaExtension } from './served.js';

/** What a statement says of its account(s), for a refusal that names them. */
export function accountsTheFileNames(
  named: readonly { bank_id?: string | null; account_id?: string | null }[],
): Text {
  const each = (bank: string, account: string) =>
    named.map((st) => `${bank} ${st.bank_id ?? '?'} ${account} ${st.account_id}`).join(', ');
  return named.length === 0
    ? { en: 'names no account', pt: 'não indica conta' }
    : { en: `names ${each('bank', 'account')}`, pt: `indica ${each('banco', 'conta')}` };
}

/**
 * The account a statement names (OFX BANKID/BRANCHID/ACCTID, a CSV layout's bank and account columns), among the
 * condominium's: with or without check digits and leading zeros. None, or more than one, is a usage error naming
 * what the file says and the accounts there are.
 */
export async function accountOfStatement(
  client: Client,
  path: string,
  summary: { statements: readonly { bank_id: string | null; account_id: string | null }[] },
): Promise<{ id: number; name: string }> {
  const accounts = [...(await client.bankAccounts.list())].map((a) => ({
    id: a.id,
    name: String(a.name ?? ''),
    bank_code: String(a.bank_code ?? ''),
    agency: String(a.agency ?? ''),
    account_number: String(a.account_number ?? ''),
  }));
  const named = summary.statements.filter((st) => st.account_id);
  const matches = accountsNamed(accounts, named);
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  const says = accountsTheFileNames(named);
  const list = (of: typeof accounts) =>
    of.map((a) => `${a.id} ${a.name} (${a.bank_code} ag ${a.agency} cc ${a.account_number})`).join('; ');
  throw new UsageError(
    matches.length === 0
      ? {
          en: `${path}: the file ${says.en}, none of this condominium's accounts: ${list(accounts)}; give --account`,
          pt: `${path}: o arquivo ${says.pt}, nenhuma das contas deste condomínio: ${list(accounts)}; dê --account`,
        }
      : {
          en: `${path}: the file ${says.en}, which fits ${matches.length} accounts: ${list(matches)}; give --account`,
          pt: `${path}: o arquivo ${says.pt}, que serve para ${matches.length} contas: ${list(matches)}; dê --account`,
        },
  );
}

/** The file sent for a CNAB 240 extrato: the OFX it says, and the CNAB line each of its lines came from. */
export interface SentAs {
  path: string;
  cnabLine: (ofxLine: number) => number;
}

/**
 * A statement file uploaded into `account` under `idempotencyKey` (a cron re-run replays it). `sent` is the OFX a
 * CNAB extrato went as: the server's lines, in its refusals and its unmatched lines, are said at the CNAB file's.
 * With `linesOpen`, a replay's result carries the lines still unmatched now (the earlier run may have settled
 * some), or `open: null` where the server does not say.
 */
export async function uploadStatement(
  client: Client,
  account: number,
  path: string,
  sent: SentAs | null,
  opts: {
    format: 'ofx' | 'csv';
    force: boolean;
    csvColumns?: string | undefined;
    dateFormat?: string | undefined;
    idempotencyKey: string;
    onProgress: (sent: number) => void;
    linesOpen: boolean;
  },
): Promise<{ result: StatementImportResult; replayed: boolean; open: StatementImportResult | null }> {
  const { result, replayed } = await client.statements
    .import(account, sent?.path ?? path, {
      format: opts.format,
      force: opts.force,
      ...(opts.csvColumns ? { csvColumns: opts.csvColumns } : {}),
      ...(opts.dateFormat ? { dateFormat: opts.dateFormat } : {}),
      idempotencyKey: opts.idempotencyKey,
      onProgress: opts.onProgress,
    })
    .catch((error: unknown) => {
      // the API's advice names its form field; the person at the keyboard has a flag
      if (error instanceof CondoError && error.code === 'account_mismatch')
        error.message = error.message.replace(/send force=true/, 'add --force');
      if (error instanceof CondoError && sent) atCnabLines(error, sent);
      throw error;
    });
  if (sent) for (const m of result.unmatched_transactions ?? []) if (m.line) m.line = sent.cnabLine(m.line);
  const open = opts.linesOpen && replayed ? await linesOpenNow(client, result) : result;
  return { result, replayed, open };
}

/** The server counted the lines of the OFX it was sent: the person has the CNAB file. */
function atCnabLines(error: CondoError, sent: SentAs): void {
  const atCnab = (text: string) =>
    text.replace(/\bline (\d+)/g, (_, n) => `line ${sent.cnabLine(Number(n))}`);
  error.message = atCnab(error.message);
  for (const list of Object.values(error.fields ?? {}))
    list.forEach((text, i) => {
      list[i] = atCnab(text);
    });
  // and the lines the Portuguese words are said from (cli/api-errors.ts fileWords)
  const lines = error.facts?.errors;
  if (Array.isArray(lines))
    for (const l of lines as { line?: unknown }[])
      if (typeof l.line === 'number') l.line = sent.cnabLine(l.line);
}

/** A replayed import's result with its lines still unmatched now; null where the server does not list imports. */
async function linesOpenNow(
  client: Client,
  result: StatementImportResult,
): Promise<StatementImportResult | null> {
  const id = result.statement_id;
  const detail = id ? await ifServed(() => client.statements.get(String(id)), undefined) : undefined;
  if (!detail) return null;
  // as an import's answer lists them (R.StatementImport: the same rows, a memo or FITID it has none of null)
  const still = detail.unmatched_transactions ?? [];
  return { ...result, unmatched: detail.unmatched ?? still.length, unmatched_transactions: still };
}

/** A page of the statement imports that ran (an extension of condo's sandbox: said plainly where there is none). */
export const statementsPage = (
  client: Client,
  filters: Parameters<Client['statements']['list']>[0],
  page: Parameters<Client['statements']['list']>[1],
) => viaExtension(STATEMENTS_EXTENSION, () => client.statements.list(filters, page));

/** One import and its movements still unmatched; a 404 says the server may keep none. */
export async function statementDetail(client: Client, id: string) {
  return client.statements.get(id).catch((error: unknown) => {
    if (error instanceof NotFoundError)
      throw new NotFoundError({
        en: `no statement import ${id} (or this server keeps none: statements show is an extension of the condo sandbox)`,
        pt: `não há importação de extrato ${id} (ou este servidor não guarda nenhuma: statements show é uma extensão do sandbox do condo)`,
      });
    throw error;
  });
}
