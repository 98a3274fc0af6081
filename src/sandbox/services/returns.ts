import { monthOf, todayIn } from '../../domain/dates.js';
import { centsToDecimal } from '../../domain/money.js';
import {
  classifyOccurrences,
  decodePaymentOccurrences,
  type PaymentOutcome,
  type ReturnOccurrence,
  toSeuNumero,
} from '../../formats/cnab240/index.js';
import { ACCOUNT_ENTRIES, BATCH_ITEMS, PAYABLES } from '../db/tables.js';
import type { Tx } from '../db/tx.js';
import type { BatchItemRow, BatchReturnSummary, LastReturn, Payable, PaymentBatchRecord } from '../model.js';
import { recordEntry } from './entries.js';
import { invalidState } from './errors.js';
import { periodStateOf } from './periods.js';

/** What the route keeps of each payment line of the return file (not the whole item). */
export interface ReturnLine {
  line: number;
  seu_numero: string | null;
  codes: string[];
  amount_cents: number | null;
  paid_amount_cents: number | null;
  date: string | null;
  paid_date: string | null;
}

export interface ReturnFileFacts {
  bank_code: string | null;
  sha256: string;
  file_name: string | null;
  /** the reader's warnings, passed through */
  warnings: { line: number; message: string }[];
}

export interface ReturnResult {
  paid: number;
  scheduled: number;
  rejected: number;
  unchanged: number;
  unknown: number;
  lines: number;
  warnings: { line: number; message: string }[];
}

const FINAL: ReadonlySet<string> = new Set(['paid', 'rejected']);

/** Applies a return file's lines to the batch's payables. */
export function applyReturn(
  tx: Tx,
  batch: PaymentBatchRecord,
  lines: readonly ReturnLine[],
  file: ReturnFileFacts,
  now: Date,
): ReturnResult {
  if (batch.state === 'canceled')
    throw invalidState(`batch ${batch.public_id} was canceled: a return for it names payments never sent`, {
      resource: 'batch',
      action: 'import_return',
      id: batch.public_id,
      state: batch.state,
    });
  const at = now.toISOString();
  const today = todayIn(now);
  const bank = file.bank_code ?? undefined;
  // each line finds its item by seu número (an index), and every few thousand lines what changed is written and
  // forgotten: a return of 400,000 payments held every payable, item and entry it touched (2.3 GB) until the end
  const positionOf = tx.prepareFixedRead(
    'SELECT position FROM batch_items WHERE batch_id = ? AND seu_numero = ?',
  );
  const itemOf = (seu: string) => {
    const at = positionOf.get(batch.public_id, seu) as { position: number } | undefined;
    return at ? tx.batchItems.get(batch.public_id, at.position) : undefined;
  };
  let sinceForgotten = 0;
  const result: ReturnResult = {
    paid: 0,
    scheduled: 0,
    rejected: 0,
    unchanged: 0,
    unknown: 0,
    lines: lines.length,
    warnings: [...file.warnings],
  };
  const warn = (line: number, message: string) => result.warnings.push({ line, message });

  for (const line of lines) {
    if (++sinceForgotten === 2_000) {
      tx.forget([PAYABLES, BATCH_ITEMS, ACCOUNT_ENTRIES]);
      sinceForgotten = 0;
    }
    const seu = line.seu_numero ? toSeuNumero(line.seu_numero) : '';
    const item = seu ? itemOf(seu) : undefined;
    if (!item) {
      result.unknown++;
      warn(line.line, `seu número "${line.seu_numero ?? ''}" is not a payable of this batch; not applied`);
      continue;
    }
    if (line.codes.length === 0) {
      result.unchanged++;
      warn(line.line, `no occurrence code for payable ${item.public_id}; not applied`);
      continue;
    }
    const outcome: PaymentOutcome = classifyOccurrences(line.codes, bank);
    const p = tx.payables.get(item.public_id);
    // Only a payable still travelling in this batch moves; a final outcome is never revisited.
    const live = p && p.batch_id === batch.public_id && (p.state === 'in_batch' || p.state === 'scheduled');
    if (!p || !live || (item.outcome && FINAL.has(item.outcome))) {
      result.unchanged++;
      if (item.outcome && item.outcome !== outcome && FINAL.has(item.outcome)) {
        warn(
          line.line,
          `payable ${item.public_id} was already ${item.outcome} by an earlier return; now ${outcome}: not applied`,
        );
      } else if (!p) {
        warn(line.line, `payable ${item.public_id} no longer exists; not applied`);
      }
      continue;
    }
    const occurrences = decodePaymentOccurrences(line.codes, bank);
    if (outcome === 'scheduled') {
      if (p.state === 'scheduled') {
        result.unchanged++;
        continue;
      }
      p.state = 'scheduled';
      noteReturn(p, item, 'scheduled', occurrences, at);
      result.scheduled++;
    } else if (outcome === 'paid') {
      const paidAt = line.paid_date ?? line.date ?? batch.data_pagamento;
      const paidAmount = line.paid_amount_cents ?? line.amount_cents ?? item.amount;
      p.state = 'paid';
      p.paid_at = paidAt;
      p.paid_amount = paidAmount;
      noteReturn(p, item, 'paid', occurrences, at);
      recordEntry(tx, now, {
        type: 'expense',
        chart_of_accounts_id: p.chart_of_accounts_id,
        bank_account_id: batch.bank_account_id,
        unit_id: null,
        supplier_id: p.supplier_id,
        amount_cents: paidAmount,
        description: p.description,
        payee: p.payee_name,
        document_number: p.document_number,
        payment_method: p.forma_pagamento,
        due_at: p.due_date,
        paid_at: paidAt,
        source: 'payable',
        transfer_id: null,
        reconciled: false,
        payable_id: p.public_id,
      });
      if (periodStateOf(tx, paidAt, today) === 'closed') {
        warn(line.line, `payable ${p.public_id} paid on ${paidAt}, in the closed period ${monthOf(paidAt)}`);
      }
      if (paidAmount !== item.amount) {
        warn(
          line.line,
          `payable ${p.public_id} paid ${centsToDecimal(paidAmount)}, the remittance asked ${centsToDecimal(item.amount)}`,
        );
      }
      result.paid++;
    } else {
      p.state = 'pending';
      p.batch_id = null;
      noteReturn(p, item, 'rejected', occurrences, at);
      result.rejected++;
    }
  }

  const ofBatch = () => tx.batchItems.where().eq('batch_id', batch.public_id);
  const all = tx.batchItems.count(ofBatch());
  const decided = tx.batchItems.count(ofBatch().ne('outcome', null));
  const final = tx.batchItems.count(ofBatch().in('outcome', [...FINAL] as BatchItemRow['outcome'][]));
  batch.state = final === all ? 'returned' : decided > 0 ? 'partially_returned' : batch.state;
  const summary: BatchReturnSummary = {
    imported_at: at,
    file_sha256: file.sha256,
    file_name: file.file_name,
    lines: result.lines,
    paid: result.paid,
    scheduled: result.scheduled,
    rejected: result.rejected,
    unchanged: result.unchanged,
    unknown: result.unknown,
  };
  batch.returns = [...batch.returns, summary];
  return result;
}

/**
 * What the return said of a payable, kept on the payable and on its batch item: the occurrence of that outcome
 * (else the line's first) as its last return.
 */
function noteReturn(
  p: Payable,
  item: BatchItemRow,
  outcome: 'scheduled' | 'paid' | 'rejected',
  occurrences: readonly ReturnOccurrence[],
  at: string,
): void {
  const main = occurrences.find((o) => o.kind === outcome) ?? occurrences[0];
  const ret: LastReturn = { code: main?.code ?? '', message: main?.message ?? '', at };
  p.last_return = ret;
  p.updated_at = at;
  item.outcome = outcome;
  item.last_return = { ...ret };
}
