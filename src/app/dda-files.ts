import type { Payable, Supplier } from '../client/types.js';
import { formatDateBr } from '../domain/dates.js';
import type { DdaBoleto, DdaPayable } from '../domain/dda.js';
import { UsageError } from '../domain/errors.js';
import { type Finding, findingOf } from '../domain/message.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { CnabDdaBoleto, CnabDdaCharge } from '../formats/cnab240/index.js';
import { expandFileArgs } from './file-args.js';
import { requireReadableFile } from './file-kind.js';
import { readCnabFile } from './files.js';

export interface DdaFileOptions {
  /** `--allow-empty`: a pattern that matches nothing is not an error */
  allowEmpty?: boolean;
}

/** Reads every DDA file given (patterns expanded); a file that is not a DDA, or cannot be read, is refused. */
export async function readDdaFiles(
  given: string[],
  opts: DdaFileOptions,
  /** a refused file's first finding in both languages (the reader speaks English; the CLI's translator says it) */
  sayFinding: (line: number | undefined, finding: Finding) => Text = (line, finding) => {
    const said = findingOf(finding);
    const en = `line ${line}: ${typeof said === 'string' ? said : said.message}`;
    return { en, pt: en };
  },
) {
  const paths = await expandFileArgs(given, opts);
  const boletos: DdaBoleto[] = [];
  const companies: { path: string; document: string | null }[] = [];
  for (const path of paths) {
    // one of many files: named by its path (readCnabFile's `FILE:` names the argument of a one-file verb)
    await requireReadableFile(path, { en: '; nothing was read', pt: '; nada foi lido' });
    const file = await readCnabFile(path);
    if (file.errors.length > 0 || file.truncated) {
      const first = file.errors[0];
      const finding = first ? sayFinding(first.line, first) : undefined;
      throw new UsageError({
        en: `${path}: ${finding?.en ?? 'incomplete (a trailer is missing)'}; nothing was read`,
        pt: `${path}: ${finding?.pt ?? 'incompleto (falta um trailer)'}; nada foi lido`,
      });
    }
    if (file.service !== 'dda')
      throw new UsageError({
        en: `${path}: not a DDA file but a ${file.service} ${file.direction} (condo cnab inspect shows it)`,
        pt: `${path}: não é um arquivo DDA, e sim ${file.service} ${file.direction} (condo cnab inspect o mostra)`,
      });
    companies.push({ path, document: file.company.document });
    for (const item of file.items) {
      if (!item.dda || !item.barcode) continue;
      boletos.push({
        barcode: item.barcode,
        beneficiary_document: item.payee_document,
        beneficiary_name: item.payee_name,
        due_date: item.due_date,
        amount_cents: item.amount_cents ?? 0,
        rebate_cents: item.dda.rebate_cents ?? 0,
        document_number: item.dda.document_number,
        terms: termsOf(item.dda),
        file: path,
        line: item.line,
      });
    }
  }
  return { paths, boletos, companies };
}

/**
 * A DDA boleto's charges as the payable's notes keep them, in the words of the slip (a fine is due only after the
 * due date, so it is a note, not the payable's fine_amount): `multa 2,00% a partir de 11/12/2026; juros R$ 0,41
 * ao dia; desconto R$ 50,00 até 05/12/2026`. Code 2 of a fine or discount is a percentage, others an amount.
 */
function termsOf(dda: CnabDdaBoleto): string {
  const value = (c: CnabDdaCharge) =>
    c.code === '2'
      ? `${((c.value_cents ?? 0) / 100).toFixed(2).replace('.', ',')}%`
      : formatReais(c.value_cents ?? 0);
  const terms: string[] = [];
  if (dda.fine)
    terms.push(
      `multa ${value(dda.fine)}${dda.fine.date ? ` a partir de ${formatDateBr(dda.fine.date)}` : ''}`,
    );
  if (dda.interest_per_day_cents) terms.push(`juros ${formatReais(dda.interest_per_day_cents)} ao dia`);
  for (const d of dda.discounts)
    terms.push(`desconto ${value(d)}${d.date ? ` até ${formatDateBr(d.date)}` : ''}`);
  if (dda.rebate_cents) terms.push(`abatimento ${formatReais(dda.rebate_cents)}`);
  return terms.join('; ');
}

/** The boleto payables as the DDA review sees them, each with its supplier's CPF/CNPJ. */
export function boletoPayablesOf(payables: readonly Payable[], suppliers: readonly Supplier[]): DdaPayable[] {
  const documentOf = new Map(suppliers.map((s) => [s.id, s.document ?? null]));
  const nameOf = new Map(suppliers.map((s) => [s.id, s.name ?? null]));
  return payables
    .filter((p) => p.forma_pagamento === 'boleto')
    .map((p) => ({
      public_id: p.public_id,
      state: p.state ?? '',
      document_number: p.document_number ?? null,
      amount: p.amount ?? 0,
      discount_amount: p.discount_amount ?? null,
      due_date: p.due_date ?? '',
      supplier_id: p.supplier_id ?? null,
      supplier_document: p.supplier_id != null ? (documentOf.get(p.supplier_id) ?? null) : null,
      payee:
        p.payee_name ??
        (p.supplier_id != null ? nameOf.get(p.supplier_id) : undefined) ??
        p.description ??
        null,
    }));
}
