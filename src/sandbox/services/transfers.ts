/**
 * Ledger writes: a manual account entry (POST /account-entries) and a transfer between two bank accounts
 * (POST /account-transfers), recorded as a pair of entries sharing a `transfer_id`. Both land in the period of
 * their date (422 `period_closed` when it is closed) and move balances: revenue adds, expense subtracts. An
 * entry without a bank account is posted to the payment account.
 */

import { decimalToCents } from '../../domain/money.js';
import type { AccountEntryCreate, AccountTransferCreate, FieldErrors } from '../../domain/request-bodies.js';
import { newUlid } from '../../domain/ulids.js';
import type { Tx } from '../db/tx.js';
import type { AccountEntry } from '../model.js';
import { recordEntry } from './entries.js';
import { validationFailed } from './errors.js';
import { paymentAccountOf } from './lookups.js';
import { refuseClosedPeriod } from './periods.js';
import { accountFor, openStatementLine } from './statement-lines.js';

export function createAccountEntry(tx: Tx, body: AccountEntryCreate, now: Date): AccountEntry {
  const fields: FieldErrors = {};
  const chart = tx.chartAccounts.get(body.chart_of_accounts_id);
  if (!chart) fields.chart_of_accounts_id = ['does not exist in this condominium'];
  else if (chart.state !== 'active') fields.chart_of_accounts_id = [`account ${chart.code} is inactive`];
  else if (chart.type !== body.type) {
    fields.chart_of_accounts_id = [
      `account ${chart.code} is a ${chart.type} account, the entry a ${body.type}`,
    ];
  }
  const account =
    body.bank_account_id != null ? tx.bankAccounts.get(body.bank_account_id) : paymentAccountOf(tx);
  if (!account) {
    fields.bank_account_id =
      body.bank_account_id != null
        ? ['does not exist in this condominium']
        : ['is required (there is no payment account)'];
  }
  if (body.unit_id != null && !tx.units.get(body.unit_id)) {
    fields.unit_id = ['does not exist in this condominium'];
  }
  if (body.supplier_id != null && !tx.suppliers.get(body.supplier_id)) {
    fields.supplier_id = ['does not exist in this condominium'];
  }
  const line = body.statement_line_id
    ? openStatementLine(tx, body.statement_line_id, {
        bankAccountId: account?.id,
        type: body.type,
        cents: decimalToCents(body.amount),
        fields,
      })
    : null;
  if (Object.keys(fields).length > 0 || !account) throw validationFailed(fields);
  refuseClosedPeriod(tx, body.paid_at, 'paid_at', now);
  const entry = recordEntry(tx, now, {
    type: body.type,
    chart_of_accounts_id: body.chart_of_accounts_id,
    bank_account_id: account.id,
    unit_id: body.unit_id ?? null,
    supplier_id: body.supplier_id ?? null,
    amount_cents: decimalToCents(body.amount),
    description: body.description,
    payee: body.payee ?? null,
    document_number: body.document_number ?? null,
    payment_method: body.payment_method ?? null,
    due_at: body.due_at ?? null,
    paid_at: body.paid_at,
    source: 'manual',
    transfer_id: null,
    reconciled: line !== null,
    statement_line_id: line?.movement.id ?? null,
    rule_id: body.rule_id ?? null,
  });
  if (line) accountFor(tx, line, entry, now);
  return entry;
}

export interface Transfer {
  transfer_id: string;
  outgoing: AccountEntry;
  incoming: AccountEntry;
}

/** An expense entry out of the source and a revenue entry into the destination, one `transfer_id`. */
export function createTransfer(tx: Tx, body: AccountTransferCreate, now: Date): Transfer {
  const fields: FieldErrors = {};
  const source = tx.bankAccounts.get(body.source_bank_account_id);
  const destination = tx.bankAccounts.get(body.destination_bank_account_id);
  if (!source) fields.source_bank_account_id = ['does not exist in this condominium'];
  if (!destination) fields.destination_bank_account_id = ['does not exist in this condominium'];
  if (body.source_bank_account_id === body.destination_bank_account_id) {
    fields.destination_bank_account_id = ['must differ from source_bank_account_id'];
  }
  const chart = tx.chartAccounts.get(body.chart_of_accounts_id);
  if (!chart) fields.chart_of_accounts_id = ['does not exist in this condominium'];
  else if (chart.state !== 'active') fields.chart_of_accounts_id = [`account ${chart.code} is inactive`];
  if (Object.keys(fields).length > 0 || !source || !destination) throw validationFailed(fields);
  refuseClosedPeriod(tx, body.transfer_date, 'transfer_date', now);

  const transferId = newUlid(now.getTime());
  const amount = decimalToCents(body.amount);
  const description = body.description ?? `Transferência ${source.name} -> ${destination.name}`;
  const common = {
    chart_of_accounts_id: body.chart_of_accounts_id,
    unit_id: null,
    supplier_id: null,
    amount_cents: amount,
    description,
    payee: null,
    document_number: null,
    payment_method: 'transfer',
    due_at: null,
    paid_at: body.transfer_date,
    source: 'transfer' as const,
    transfer_id: transferId,
    reconciled: false,
  };
  const outgoing = recordEntry(tx, now, {
    ...common,
    type: 'expense',
    bank_account_id: source.id,
  });
  const incoming = recordEntry(tx, now, {
    ...common,
    type: 'revenue',
    bank_account_id: destination.id,
  });
  tx.transfers.insert({
    transfer_id: transferId,
    outgoing_entry_id: outgoing.id,
    incoming_entry_id: incoming.id,
    created_at: now.toISOString(),
  });
  return { transfer_id: transferId, outgoing, incoming };
}
