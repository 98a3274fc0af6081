import { requireReadableFile } from '../app/file-kind.js';
import { readCnabFileHashed } from '../app/files.js';
import { heldPayments } from '../app/rejections.js';
import {
  importReturnFile,
  type ReturnBatchFinder,
  type ReturnHeader,
  returnBatchFinder,
} from '../app/return-batch.js';
import type { ReturnSummary } from '../client/index.js';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import type { CnabProblem } from '../formats/cnab240/file.js';
import type { ReturnRefusal } from '../formats/cnab240/return-acceptance.js';
import { toSeuNumero } from '../formats/cnab240/seu-numero.js';
import { type Deps, said } from './context.js';
import { ExitCode, outcomeOf } from './exit-codes.js';
import { progressBar } from './files.js';
import { atLine, type Translate } from './i18n.js';
import { writeLine } from './io.js';
import { type FileLabel, fileLead, printLabelTsv } from './per-file.js';
import { printRejections } from './rejections.js';
import { printImportResult } from './report.js';

/** Payment batches: marked payables -> CNAB 240 remessa -> the bank's retorno -> paid, scheduled or rejected. */

function printReturnSummary(
  deps: Deps,
  s: ReturnSummary,
  replayed: boolean,
  saidElsewhere: ReadonlySet<number> = new Set(),
): void {
  printImportResult(deps, s, replayed);
  if (deps.format === 'json') return;
  const counts = ['paid', 'scheduled', 'rejected', 'unchanged', 'unknown'] as const;
  const lead = fileLead(s);
  if (deps.format === 'table') {
    writeLine(deps.io.stdout, `${lead}${counts.map((k) => `${deps.t(k)} ${s[k]}`).join(', ')}`);
  } else {
    printLabelTsv(deps, s);
    for (const k of counts) writeLine(deps.io.stdout, `${k}\t${s[k]}`);
  }
  const file = typeof s.file === 'string' ? `${s.file}: ` : '';
  for (const w of s.warnings ?? [])
    if (!(w.line !== undefined && saidElsewhere.has(w.line) && /^no occurrence code/.test(w.message)))
      deps.warn(said(`${file}${atLine(deps.t, w.line, w)}`));
}

/**
 * Uploads the bank's return file, streaming from disk. The Idempotency-Key comes from the file's SHA-256 and the
 * batch, so a cron re-run of the same file is a replay, not a second import.
 */
export async function importReturn(
  deps: Deps,
  id: string,
  path: string,
  // what routing the file read already: its hash (the key) and its bank (what its codes mean)
  facts: Pick<ReturnFacts, 'sha256' | 'bankCode' | 'uncoded'>,
  label: FileLabel = {},
): Promise<number> {
  const info = await requireReadableFile(path);
  const key = deps.globals.idempotencyKey ?? `retorno-${id}-${facts.sha256}`;
  const bar = progressBar(
    deps.io,
    deps.t({ en: 'upload', pt: 'enviando' }),
    info.size,
    Boolean(deps.globals.quiet),
  );
  const { summary, replayed, rejections } = await deps.app(importReturnFile, id, path, {
    idempotencyKey: key,
    onProgress: (sent) => bar.update(sent),
    rejections: deps.format !== 'json',
  });
  bar.done();
  const uncoded = facts.uncoded;
  // a refusal still waiting for its fix is left for a person (#66): exit 1, so a cron job sees it; once it is
  // corrected and marked again, a re-run of the same file (a replay) exits 0
  const waiting = stillRefused(summary.batch?.payables ?? []);
  const code = uncoded.length > 0 || waiting > 0 ? ExitCode.attention : ExitCode.ok;
  printReturnSummary(
    deps,
    { ...label, ...summary, outcome: outcomeOf(code) },
    replayed,
    // said below in the reader's words and the person's language, with what to do
    new Set(uncoded.map((u) => u.line)),
  );
  if (rejections.length > 0) await printRejections(deps, rejections, facts.bankCode ?? undefined);
  if (deps.format !== 'json')
    for (const warning of heldPayments(summary.batch?.payables ?? [], facts.bankCode ?? undefined))
      deps.warn(warning);
  return Math.max(sayUncoded(deps, uncoded, summary.batch?.payables ?? []), code);
}

/** The payments this return refused that still wait to be corrected (pending: not marked again nor deleted). */
const stillRefused = (items: readonly Record<string, unknown>[]) =>
  items.filter((i) => i.outcome === 'rejected' && i.state === 'pending').length;

/**
 * A payment the bank's return carries without an occurrence code, in a file otherwise sound (#50 point 5,
 * DECISIONS.md): the rest of the file is applied (what the bank said it paid is paid), this one stays as it was,
 * and the run ends 1, naming it: a person asks the bank, or waits for its next return.
 */
function sayUncoded(
  deps: Deps,
  uncoded: ReturnFacts['uncoded'],
  payables: readonly Record<string, unknown>[],
): number {
  if (uncoded.length === 0) return ExitCode.ok;
  const bySeu = new Map(payables.map((p) => [toSeuNumero(String(p.public_id)), String(p.public_id)]));
  for (const u of uncoded) {
    const id = (u.seu_numero && bySeu.get(toSeuNumero(u.seu_numero))) || u.seu_numero || '?';
    deps.warn({
      en: `line ${u.line}: the bank gave no occurrence code for payable ${id}: it was left as it was; ask the bank, or import its next return`,
      pt: `linha ${u.line}: o banco não deu código de ocorrência para a conta ${id}: ela ficou como estava; pergunte ao banco, ou importe o próximo retorno dele`,
    });
  }
  return ExitCode.attention;
}

/** What a return file says about where it belongs: its payments' seu números and the paying company's account. */
export interface ReturnFacts extends ReturnHeader {
  bankCode: string | null;
  /** payments the bank's file carries without an occurrence code: the rest is applied, these wait (exit 1) */
  uncoded: { line: number; seu_numero: string | null }[];
}

/**
 * A return file's facts, read once (its hash and size as it goes), or the refusal the acceptance rule gives
 * (formats/cnab240/return-acceptance.ts, the sandbox's too), said here with "nothing was sent".
 */
export async function returnFacts(path: string, t: Translate): Promise<ReturnFacts> {
  const { ReturnWatch, returnRefusal } = await import('../formats/cnab240/return-acceptance.js');
  // the seu números only, not every item (a return of 400,000 payments held them all)
  const watch = new ReturnWatch();
  const { file, sha256, bytes } = await readCnabFileHashed(path, {
    keepItems: false,
    onItem: (i) => watch.onItem(i),
    onProblem: (problem) => watch.onProblem(problem),
  });
  const refusal = returnRefusal(file, watch, bytes);
  if (refusal) throw new UsageError(refusalWords(path, refusal, t), { code: 'invalid_file' });
  return {
    seuNumeros: [...watch.seuNumeros],
    bankCode: file.bank_code,
    account: file.company.account,
    fileSequence: file.file_sequence,
    sha256,
    uncoded: watch.uncoded,
  };
}

/** The acceptance rule's refusal in the CLI's words: what the file is, and that nothing was sent. */
function refusalWords(path: string, r: ReturnRefusal, t: Translate): Text {
  // the problem whole, so a coded one is said in the reader's language
  const at = (p: { line: number; message: string }) => ({
    en: `line ${p.line}: ${p.message}`,
    pt: atLine(t, p.line, p as CnabProblem),
  });
  switch (r.reason) {
    case 'empty':
      return {
        en: `${path}: the file is empty; nothing was sent`,
        pt: `${path}: o arquivo está vazio; nada foi enviado`,
      };
    case 'statement':
      return {
        en: `${path}: this is an account statement (a CNAB 240 extrato), not a payment return: condo statements import reads it; nothing was sent`,
        pt: `${path}: este é um extrato de conta (extrato CNAB 240), não um retorno de pagamentos: o condo statements import o lê; nada foi enviado`,
      };
    case 'remittance':
      return {
        en: `${path}: this is a remittance (the file sent to the bank), not the bank's return; nothing was sent`,
        pt: `${path}: isto é uma remessa (o arquivo enviado ao banco), não o retorno do banco; nada foi enviado`,
      };
    case 'collection':
      return {
        en: `${path}: this is a collection (cobrança) return, not a payment return: condo cnab inspect reads it; nothing was sent`,
        pt: `${path}: este é um retorno de cobrança, não de pagamentos: o condo cnab inspect o lê; nada foi enviado`,
      };
    case 'unreadable': {
      const where = at(r.problem);
      return {
        en: `${path}: ${where.en}. The file cannot be read as a return: none of it is applied, nothing was sent`,
        pt: `${path}: ${where.pt}. O arquivo não pode ser lido como retorno: nada dele é aplicado, nada foi enviado`,
      };
    }
    case 'truncated': {
      const where = at(r.problem);
      return {
        en: `${path}: ${where.en}. The file is truncated: none of it is applied, nothing was sent (ask the bank for it again)`,
        pt: `${path}: ${where.pt}. O arquivo está truncado: nada dele é aplicado, nada foi enviado (peça-o de novo ao banco)`,
      };
    }
    case 'broken': {
      // #50 point 5: a return whose structure is broken is applied not at all, and the same file, fixed, goes in anew
      const where = at(r.problem);
      return {
        en: `${path}: ${where.en}. The return's structure is broken: none of it is applied, nothing was sent (fix the file, or ask the bank for it again)`,
        pt: `${path}: ${where.pt}. A estrutura do retorno está quebrada: nada dele é aplicado, nada foi enviado (corrija o arquivo, ou peça-o de novo ao banco)`,
      };
    }
    case 'no_seu_numero':
      return {
        en: `${path}: no payment in the file carries a seu número, so it names no batch; nothing was sent`,
        pt: `${path}: nenhum pagamento do arquivo traz seu número, então ele não indica lote nenhum; nada foi enviado`,
      };
  }
}

/**
 * The batch a return file answers (app/return-batch.ts's finder), its batches read once per run and only when a
 * file asks: a firm's run builds one per condominium and asks few.
 */
export function batchFinder(deps: Deps) {
  let finder: Promise<ReturnBatchFinder> | undefined;
  const found = () => {
    finder ??= deps.app(returnBatchFinder, deps.info);
    return finder;
  };
  return {
    find: async (path: string, facts: ReturnFacts) => (await found()).find(path, facts),
    check: async (id: string, path: string, facts: ReturnFacts) => (await found()).check(id, path, facts),
  };
}
