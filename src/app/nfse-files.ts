/**
 * Service invoice files as `nfse check` and `nfse import` read them (#55): each file read locally (patterns
 * expanded), each invoice in it reviewed against the withholding rules with the firm's policy, and its due dates.
 * A file that cannot be read is reported by its line and column, and the others are read all the same.
 */

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../domain/errors.js';
import type { Message } from '../domain/message.js';
import { type DueDate, withholdingDue } from '../domain/nfse/deadlines.js';
import { type NfseInvoice, withheldByGuide } from '../domain/nfse/invoice.js';
import { NFSE_RULES } from '../domain/nfse/rules.js';
import {
  reviewWithholdings,
  type WithholdingPolicy,
  type WithholdingReview,
} from '../domain/nfse/withholding.js';
import { nfseReadFinding } from '../formats/nfse/findings.js';
import { type NfseCancellation, readNfse } from '../formats/nfse/read.js';
import { expandFileArgs } from './file-args.js';

export interface ReviewedInvoice {
  file: string;
  invoice: NfseInvoice;
  review: WithholdingReview;
  due: DueDate[];
}

export interface UnreadFile {
  file: string;
  line: number;
  column: number;
  finding: Message;
}

export interface NfseFiles {
  paths: string[];
  invoices: ReviewedInvoice[];
  cancellations: (NfseCancellation & { file: string })[];
  unread: UnreadFile[];
  /** what a reader read leniently, by file */
  warnings: { file: string; finding: Message }[];
  rulesVersion: string;
}

/**
 * One invoice reviewed: its withholdings and when each is due, the payment taken in the issue's month (`nfse
 * import` dates each tax by the supplier's due date instead).
 */
export function reviewInvoice(
  file: string,
  invoice: NfseInvoice,
  policy: WithholdingPolicy,
): ReviewedInvoice {
  const review = reviewWithholdings(invoice, policy);
  const issue = invoice.issue_date ?? invoice.competence;
  // ISS is due on the municipality's date, which no rule knows
  const guides = Object.keys(withheldByGuide(review.computed)).filter((g) => g !== 'iss') as DueDate['tax'][];
  const due = issue ? withholdingDue(guides, { issue }) : [];
  return { file, invoice, review, due };
}

export async function readNfseFiles(
  given: readonly string[],
  policy: WithholdingPolicy,
  opts: { allowEmpty?: boolean } = {},
): Promise<NfseFiles> {
  const paths = await xmlFilesIn(await expandFileArgs(given, opts), Boolean(opts.allowEmpty));
  const out: NfseFiles = {
    paths,
    invoices: [],
    cancellations: [],
    unread: [],
    warnings: [],
    rulesVersion: NFSE_RULES.version,
  };
  // a month's folder is a thousand small files: read a few dozen at a time (one at a time, the disk's waits add up
  // to most of the run), each reviewed in the order given
  const opened = (file: string) =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      out.unread.push({
        file,
        line: 0,
        column: 0,
        finding: nfseReadFinding('nfse.cannot-open', { reason: error.code ?? error.message }),
      });
      return undefined;
    });
  const AT_ONCE = 32;
  let next = paths.slice(0, AT_ONCE).map(opened);
  for (let start = 0; start < paths.length; start += AT_ONCE) {
    const batch = next;
    next = paths.slice(start + AT_ONCE, start + 2 * AT_ONCE).map(opened);
    const contents = await Promise.all(batch);
    for (const [i, bytes] of contents.entries()) {
      const file = paths[start + i] as string;
      if (bytes !== undefined) reviewFile(out, file, bytes, policy);
    }
  }
  return out;
}

/** One file's invoices reviewed into `out`, or where it cannot be read. */
function reviewFile(out: NfseFiles, file: string, bytes: Uint8Array, policy: WithholdingPolicy): void {
  const read = readNfse(bytes);
  if (!read.ok) {
    out.unread.push({ file, line: read.line, column: read.column, finding: read.finding });
    return;
  }
  for (const finding of read.warnings) out.warnings.push({ file, finding });
  for (const invoice of read.invoices) out.invoices.push(reviewInvoice(file, invoice, policy));
  for (const c of read.cancellations) out.cancellations.push({ ...c, file });
}

/**
 * A folder given (the month's invoices, or a year of months) is the .xml files in it and its subfolders, by name; a
 * file is itself. A folder with none is refused, unless --allow-empty (a cron night with nothing new).
 */
async function xmlFilesIn(paths: readonly string[], allowEmpty: boolean): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    if (!(await stat(path).catch(() => undefined))?.isDirectory()) {
      out.push(path);
      continue;
    }
    const names = (await readdir(path, { recursive: true }))
      .filter((n) => n.toLowerCase().endsWith('.xml'))
      .sort();
    if (names.length === 0 && !allowEmpty)
      throw new UsageError({
        en: `${path}: a folder with no .xml file in it (--allow-empty makes that no error)`,
        pt: `${path}: uma pasta sem nenhum arquivo .xml (com --allow-empty, isso não é erro)`,
      });
    out.push(...names.map((n) => join(path, n)));
  }
  return out;
}
