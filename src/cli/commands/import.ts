import { expandFileArgs } from '../../app/file-args.js';
import { type FileKind, isCnabDdaFile, kindOf } from '../../app/file-kind.js';
import { acrossProfiles, pooled, serverFate } from '../../app/firm.js';
import { returnOwners, statementAccounts } from '../../app/import-routing.js';
import { bankAccountsList } from '../../app/registers.js';
import { accountsTheFileNames } from '../../app/statements.js';
import { CondoError, UsageError } from '../../domain/errors.js';
import type { Text } from '../../domain/text.js';
import { errorWords } from '../api-errors.js';
import type { Deps } from '../context.js';
import { exitCodeOf } from '../exit-codes.js';
import { eachFile, type FileLabel, nothingToImport } from '../per-file.js';
import { profileDeps, selectedProfiles } from '../profiles.js';
import { batchFinder, importReturn, type ReturnFacts, returnFacts } from '../returns.js';
import { asTheFileNamesIt, type ImportOptions, importStatement, parseLocally } from '../statement-import.js';

/**
 * Bank files routed by what they say (`condo import FILE...`): a CNAB 240 return finds its batch by its payments'
 * seu números and the paying account in its header; an OFX or CSV statement finds its bank account by the bank,
 * agency and account it names. With `--all-profiles` (or `--profiles`) the file first finds its condominium among
 * the firm's: a folder of returns and statements from many buildings, named with nothing but dates, goes in with
 * one command. Every import keeps its idempotency key, so a re-run changes nothing.
 */

export { type FileKind, kindOf };

interface AccountOfTenant {
  id: number;
  name: string;
  bank_code: string;
  agency: string;
  account_number: string;
}

/** One condominium a file may belong to: its profile's deps, its accounts and its batches, each read once. */
interface Tenant {
  profile: string | undefined;
  condominium: string;
  deps: Deps;
  accounts: () => Promise<AccountOfTenant[]>;
  /** what accounts() read, once it has */
  accountsRead?: AccountOfTenant[];
  batches: ReturnType<typeof batchFinder>;
  /** why it could not be asked (credentials, network): said once, and in the exit code */
  failure?: CondoError;
}

function tenant(
  deps: Deps,
  profile: string | undefined,
  condominium: string,
  server?: { baseUrl: string; fate: ReturnType<typeof serverFate> },
): Tenant {
  let accounts: Promise<AccountOfTenant[]> | undefined;
  const t: Tenant = {
    profile,
    condominium,
    deps,
    batches: batchFinder(deps),
    accounts: () => {
      accounts ??= (async () => {
        const down = server?.fate.downOf(server.baseUrl);
        if (down) {
          t.failure = down;
          return [];
        }
        try {
          const rows = await deps.app(bankAccountsList);
          t.accountsRead = [...rows].map((a) => ({
            id: a.id,
            name: String(a.name ?? ''),
            bank_code: String(a.bank_code ?? ''),
            agency: String(a.agency ?? ''),
            account_number: String(a.account_number ?? ''),
          }));
          return t.accountsRead;
        } catch (error) {
          if (!(error instanceof CondoError)) throw error;
          t.failure = error;
          if (server) server.fate.note(server.baseUrl, error);
          return [];
        }
      })();
      return accounts;
    },
  };
  return t;
}

/** The condominiums in play: every profile asked for, or the one this run uses. */
async function tenantsOf(deps: Deps): Promise<Tenant[]> {
  if (!acrossProfiles(deps.globals)) return [tenant(deps, undefined, '')];
  const targets = await selectedProfiles(deps);
  const fate = serverFate();
  return targets.map((target) =>
    tenant(profileDeps(deps, target), target.profile, target.condominium, { baseUrl: target.baseUrl, fate }),
  );
}

const names = (tenants: readonly Tenant[]) =>
  tenants.length <= 6
    ? tenants.map((t) => t.condominium).join(', ')
    : `${tenants
        .slice(0, 5)
        .map((t) => t.condominium)
        .join(', ')}, … ${tenants.length - 5} more`;

/** A return: the condominiums whose accounts hold the header's account, then the one whose batch has its payments. */
async function routeReturn(
  path: string,
  label: FileLabel,
  tenants: readonly Tenant[],
  facts: ReturnFacts,
): Promise<number> {
  const [only] = tenants;
  if (tenants.length === 1 && only)
    return importReturn(only.deps, await only.batches.find(path, facts), path, facts, label);
  await pooled(tenants, (t) => t.accounts());
  const account = facts.account;
  const owners = returnOwners(tenants, facts);
  if (owners.length === 0)
    throw new UsageError({
      en: `${path}: the file is for bank ${facts.bankCode ?? '?'} account ${account ?? '?'}, an account of none of the ${tenants.length} condominiums (${names(tenants)}); nothing was sent`,
      pt: `${path}: o arquivo é do banco ${facts.bankCode ?? '?'} conta ${account ?? '?'}, conta de nenhum dos ${tenants.length} condomínios (${names(tenants)}); nada foi enviado`,
    });
  const found: { t: Tenant; id: string }[] = [];
  let refusal: unknown;
  for (const t of owners) {
    try {
      found.push({ t, id: await t.batches.find(path, facts) });
    } catch (error) {
      refusal = error;
    }
  }
  const [one] = found;
  if (found.length === 1 && one)
    return importReturn(one.t.deps, one.id, path, facts, { ...label, condominium: one.t.condominium });
  if (found.length === 0) throw refusal;
  throw new UsageError({
    en: `${path}: its payments are in batches of ${found.length} condominiums (${names(found.map((f) => f.t))}); import it with --profile NAME; nothing was sent`,
    pt: `${path}: os pagamentos dele estão em lotes de ${found.length} condomínios (${names(found.map((f) => f.t))}); importe com --profile NOME; nada foi enviado`,
  });
}

/** A statement: the one account, among every condominium's, that the bank, agency and account in the file name. */
async function routeStatement(
  path: string,
  label: FileLabel,
  tenants: readonly Tenant[],
  opts: ImportOptions,
): Promise<number> {
  const [only] = tenants;
  const local = await parseLocally(path, opts, only?.deps.today());
  if ((tenants.length === 1 || local.summary.errors.length > 0) && only)
    return importStatement(only.deps, path, opts, label, local);
  await pooled(tenants, (t) => t.accounts());
  const named = local.summary.statements.filter((st) => st.account_id);
  const matches = statementAccounts(tenants, named).map(({ candidate, account }) => ({
    t: candidate,
    account,
  }));
  const [match] = matches;
  if (matches.length === 1 && match) {
    match.t.deps.info(asTheFileNamesIt(path, match.account), true);
    return importStatement(
      match.t.deps,
      path,
      { ...opts, account: String(match.account.id) },
      { ...label, condominium: match.t.condominium },
      local,
    );
  }
  const says = accountsTheFileNames(named);
  const fits = matches.map((m) => `${m.t.condominium} ${m.account.id}`).join(', ');
  throw new UsageError(
    matches.length === 0
      ? {
          en: `${path}: the file ${says.en}, an account of none of the ${tenants.length} condominiums (${names(tenants)}); nothing was sent`,
          pt: `${path}: o arquivo ${says.pt}, conta de nenhum dos ${tenants.length} condomínios (${names(tenants)}); nada foi enviado`,
        }
      : {
          en: `${path}: the file ${says.en}, which fits ${matches.length} accounts (${fits}); import it with --profile NAME --account ID; nothing was sent`,
          pt: `${path}: o arquivo ${says.pt}, que serve para ${matches.length} contas (${fits}); importe com --profile NOME --account ID; nada foi enviado`,
        },
  );
}

export interface ImportFilesOptions {
  /** a verb for one kind (import-return, statements import) refuses the other */
  only?: FileKind;
  statement?: ImportOptions;
}

const KIND_WORDS: Record<FileKind, Text> = {
  return: { en: 'a CNAB 240 return', pt: 'um retorno CNAB 240' },
  statement: { en: 'a bank statement (OFX or CSV)', pt: 'um extrato bancário (OFX ou CSV)' },
};

/** Each file, by its content, into its condominium's batch or account: one result per file, the worst exit code. */
export async function importFiles(
  deps: Deps,
  given: string[],
  opts: ImportFilesOptions = {},
): Promise<number> {
  const paths = await expandFileArgs(given, { allowEmpty: opts.statement?.allowEmpty ?? false });
  if (paths.length === 0) return nothingToImport(deps, given);
  const statement = opts.statement ?? {};
  if (statement.account && acrossProfiles(deps.globals))
    throw new UsageError({
      en: "--account is one condominium's account: leave it out with --profiles/--all-profiles (each file finds its own)",
      pt: '--account é a conta de um condomínio: deixe de fora com --profiles/--all-profiles (cada arquivo acha a sua)',
    });
  const tenants = await tenantsOf(deps);
  try {
    const worst = await eachFile(deps, paths, async (path, label) => {
      const kind = await kindOf(path);
      // the bank's DDA is a CNAB 240 file too, but names no batch: said for what it is (#53)
      if (kind === 'return' && (await isCnabDdaFile(path)))
        throw new UsageError({
          en: `${path}: this is a DDA file (the bank's list of boletos), not a return: condo dda import reads it`,
          pt: `${path}: isto é um arquivo DDA (a lista de boletos do banco), não um retorno: condo dda import o lê`,
        });
      if (opts.only && kind !== opts.only)
        throw new UsageError({
          en: `${path}: this is ${KIND_WORDS[kind].en}, not ${KIND_WORDS[opts.only].en} (condo import takes both)`,
          pt: `${path}: isto é ${KIND_WORDS[kind].pt}, não ${KIND_WORDS[opts.only].pt} (condo import aceita os dois)`,
        });
      return kind === 'return'
        ? routeReturn(path, label, tenants, await returnFacts(path, deps.t))
        : routeStatement(path, label, tenants, statement);
    });
    const failed = tenants.filter((t) => t.failure);
    for (const t of failed)
      deps.warn({
        en: `${t.profile ?? t.condominium}: could not be asked (${t.failure?.message}); a file of its condominium would have been refused`,
        pt: `${t.profile ?? t.condominium}: não foi possível consultar (${t.failure ? errorWords(deps.t, t.failure) : ''}); um arquivo desse condomínio teria sido recusado`,
      });
    return Math.max(worst, ...failed.map((t) => exitCodeOf(t.failure as CondoError)));
  } finally {
    await Promise.all(tenants.filter((t) => t.deps !== deps).map((t) => t.deps.close()));
  }
}
