import {
  bankAccountsList,
  correctSupplier,
  suppliersList,
  supplierWithRejections,
  unitsList,
} from '../../app/registers.js';
import { formatDocument } from '../../domain/documents.js';
import { UsageError } from '../../domain/errors.js';
import { PIX_KEY_TYPE_WORDS, type PixKeyType } from '../../domain/pix-keys.js';
import type { Text } from '../../domain/text.js';
import { validated } from '../bodies.js';
import { SUPPLIER_UPDATE_FLAGS } from '../body-fields.js';
import type { Deps } from '../context.js';
import { writeLine } from '../io.js';
import { fieldColumns, printJson, printList, printRecord, writeDone } from '../output.js';
import { printRejections } from '../rejections.js';
import { resolveSupplierId, unitName } from '../resolve.js';

/** Read-only lists a person needs to find ids: chart of accounts, bank accounts, suppliers, units. */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export async function bankAccounts(deps: Deps): Promise<number> {
  const rows = (await deps.app(bankAccountsList)) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: { en: 'NAME', pt: 'NOME' }, value: (r) => r.name },
    // at 80 columns (a firm's table has a CONDOMINIUM column too) the name and balance stay, the bank's details go
    {
      header: { en: 'BANK', pt: 'BANCO' },
      value: (r) => `${str(r.bank_code)} ${str(r.bank_name)}`.trim(),
      drop: 3,
    },
    { header: { en: 'AGENCY', pt: 'AGÊNCIA' }, value: (r) => r.agency, drop: 4 },
    { header: { en: 'ACCOUNT', pt: 'CONTA' }, value: (r) => r.account_number },
    { header: { en: 'TYPE', pt: 'TIPO' }, value: (r) => r.type, words: true, drop: 2 },
    { header: { en: 'BALANCE', pt: 'SALDO' }, value: (r) => r.current_balance, kind: 'reais' },
    {
      header: { en: 'PAYMENTS', pt: 'PAGAMENTOS' },
      value: (r) => (r.is_payment_account ? 'yes' : ''),
      words: true,
      drop: 1,
    },
  ]);
  return 0;
}

export async function suppliers(deps: Deps): Promise<number> {
  const rows = (await deps.app(suppliersList)) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: { en: 'NAME', pt: 'NOME' }, value: (r) => r.name },
    { header: { en: 'DOCUMENT', pt: 'DOCUMENTO' }, value: (r) => r.document },
    // where a payment goes is read whole (#66: at 80 columns both were cut): on lines of their own cells
    {
      header: { en: 'BANK', pt: 'BANCO' },
      value: (r) => {
        const b = r.bank as Row | null | undefined;
        return b ? `${str(b.code)} ag ${str(b.agency)} cc ${str(b.account)}` : '';
      },
      wrap: 'cell',
    },
    { header: 'PIX', value: (r) => pixCell(r), wrap: 'cell' },
  ]);
  return 0;
}

const bankText = (b: Row | null | undefined, t: (word: string) => string = (w) => w) =>
  b
    ? `${str(b.code)} ag ${str(b.agency)} cc ${str(b.account)}${b.account_type ? ` (${t(str(b.account_type))})` : ''}`
    : '';
const pixText = (r: Row, t: (words: Text) => string) => {
  if (!r.pix_key) return '';
  const words = PIX_KEY_TYPE_WORDS[str(r.pix_key_type) as PixKeyType];
  return `${str(r.pix_key)} (${words ? t(words) : str(r.pix_key_type)})`;
};

/** A PIX key after its kind, the kind in the reader's words on a table (a script reads the API's: `phone: …`). */
function pixCell(r: Row): Text | string {
  if (!r.pix_key) return '';
  const type = str(r.pix_key_type);
  const words = PIX_KEY_TYPE_WORDS[type as PixKeyType];
  return words
    ? { en: `${type}: ${str(r.pix_key)}`, pt: `${words.pt}: ${str(r.pix_key)}` }
    : `${type}: ${str(r.pix_key)}`;
}

/** A supplier's payment data, and its payables the bank rejected (what a correction here is usually for). */
export async function showSupplier(deps: Deps, idArg: string): Promise<number> {
  const id = await resolveSupplierId(deps, 'SUPPLIER', idArg);
  const found = await deps.app(supplierWithRejections, id, { rejections: deps.format === 'table' });
  const supplier = found.supplier as Row & { id: number };
  if (deps.format !== 'table') {
    printRecord(deps, supplier, fieldColumns(supplier, {}));
    return 0;
  }
  printRecord(deps, supplier, [
    { header: { en: 'Supplier', pt: 'Fornecedor' }, value: (r) => `${str(r.name)} (${str(r.id)})` },
    { header: 'CPF/CNPJ', value: (r) => formatDocument(str(r.document)) },
    {
      header: { en: 'Bank account', pt: 'Conta bancária' },
      value: (r) => bankText(r.bank as Row | null, deps.t) || deps.t({ en: 'none', pt: 'nenhuma' }),
    },
    {
      header: { en: 'PIX key', pt: 'Chave PIX' },
      value: (r) => pixText(r, deps.t) || deps.t({ en: 'none', pt: 'nenhuma' }),
    },
  ]);
  if (found.rejected.length > 0) {
    writeLine(deps.io.stdout);
    await printRejections(deps, found.rejected);
  }
  return 0;
}

export interface SupplierFlags {
  name?: string;
  bankCode?: string;
  agency?: string;
  account?: string;
  accountType?: string;
  pixKey?: string | false;
}

/**
 * Corrects what a rejection named: the supplier's bank account (any of its parts) or PIX key. An extension of
 * condo's sandbox; another server is told plainly that it cannot.
 */
export async function suppliersUpdate(deps: Deps, idArg: string, flags: SupplierFlags): Promise<number> {
  const body = Object.fromEntries(
    Object.entries({
      name: flags.name,
      bank_code: flags.bankCode,
      agency: flags.agency?.trim(),
      account: flags.account?.trim(),
      account_type: flags.accountType,
      pix_key: flags.pixKey === false ? null : flags.pixKey?.trim(),
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(body).length === 0)
    throw new UsageError({
      en: 'nothing to update: give --bank-code, --agency, --account, --account-type, --pix-key or --name',
      pt: 'nada a alterar: dê --bank-code, --agency, --account, --account-type, --pix-key ou --name',
    });
  const payload = await validated(
    'SupplierUpdate',
    body,
    (f) => SUPPLIER_UPDATE_FLAGS[f as keyof typeof SUPPLIER_UPDATE_FLAGS] ?? f,
  );
  const id = await resolveSupplierId(deps, 'SUPPLIER', idArg);
  const updated = await deps.app(correctSupplier, id, payload);
  if (deps.format === 'json') printJson(deps, updated);
  else if (deps.format === 'table') {
    writeDone(deps, {
      en: `updated supplier ${str(updated.name)} (${updated.id})`,
      pt: `fornecedor ${str(updated.name)} (${updated.id}) alterado`,
    });
    const r = updated as Row;
    const lines = [
      r.bank ? [deps.t({ en: 'bank account', pt: 'conta bancária' }), bankText(r.bank as Row, deps.t)] : [],
      r.pix_key ? [deps.t({ en: 'PIX key', pt: 'chave PIX' }), pixText(r, deps.t)] : [],
    ].filter((line) => line.length > 0) as [string, string][];
    const width = Math.max(0, ...lines.map(([label]) => label.length));
    for (const [label, text] of lines) writeLine(deps.io.stdout, `  ${label.padEnd(width)}  ${text}`);
    const list = deps.command(`condo payables list --rejected --supplier ${String(id)}`);
    deps.info({
      en: `now mark its rejected payables again: ${list}`,
      pt: `agora marque de novo as contas rejeitadas dele: ${list}`,
    });
  } else writeLine(deps.io.stdout, String(updated.id));
  return 0;
}

export async function units(deps: Deps): Promise<number> {
  const rows = (await deps.app(unitsList)) as Row[];
  await printList(deps, rows, [
    { header: 'ID', value: (r) => r.id },
    { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => unitName(r) },
    { header: { en: 'BLOCK', pt: 'BLOCO' }, value: (r) => r.block },
    { header: { en: 'NUMBER', pt: 'NÚMERO' }, value: (r) => r.number },
    {
      header: { en: 'OWNER', pt: 'PROPRIETÁRIO' },
      value: (r) => (typeof r.owner === 'object' && r.owner ? (r.owner as Row).name : r.owner),
    },
  ]);
  return 0;
}
