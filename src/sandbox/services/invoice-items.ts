/**
 * An invoice's composition (#67, a condo extension): checked when it is created, and booked part by part when it
 * is paid, each to its own revenue account; what was received beyond the parts (a late payer's fine, interest and
 * correction) to the fines account (1.2.01), not all to the condominium fee as before.
 */
import { splitCents } from '../../domain/apportion.js';
import { decimalToCents } from '../../domain/money.js';
import type { FieldErrors, InvoiceItem } from '../../domain/request-bodies.js';
import type { Tx } from '../db/tx.js';
import type { Invoice } from '../model.js';

/** The items' refusals, by field: each account an active revenue one of this condominium, their sum the subtotal. */
export function itemRefusals(
  tx: Tx,
  items: readonly InvoiceItem[] | undefined,
  subtotal: number,
): FieldErrors {
  const fields: FieldErrors = {};
  if (!items) return fields;
  for (const [i, item] of items.entries()) {
    const account = tx.chartAccounts.get(item.chart_of_accounts_id);
    if (!account) fields[`items.${i}.chart_of_accounts_id`] = ['does not exist in this condominium'];
    else if (account.type !== 'revenue' || account.state !== 'active')
      fields[`items.${i}.chart_of_accounts_id`] = [
        `account ${account.code} is not an active revenue account`,
      ];
  }
  const sum = items.reduce((a, item) => a + decimalToCents(item.amount), 0);
  if (sum !== decimalToCents(subtotal))
    fields.items = [`must add up to the subtotal ${subtotal} (they add up to ${sum / 100})`];
  return fields;
}

/** What a payment of `receivedCents` books, to which account: the parts, then what came beyond them. */
export function revenueParts(
  tx: Tx,
  inv: Invoice,
  receivedCents: number,
): { chart_of_accounts_id: number; cents: number; name: string | null }[] {
  const active = tx.chartAccounts.where().eq('type', 'revenue').eq('state', 'active');
  const byCode = (code: string) =>
    tx.chartAccounts.first(tx.chartAccounts.where().eq('code', code).eq('state', 'active'));
  // the condominium fee account (1.1.01), else the first active analytic revenue account
  const fees =
    byCode('1.1.01') ??
    tx.chartAccounts.first(active.sql("code LIKE '%.%.%' AND code NOT LIKE '%.%.%.%'"), ['id']);
  if (!fees) throw new Error('the chart of accounts has no active revenue account');
  const items = (inv as Invoice & { items?: InvoiceItem[] | null }).items;
  const parts = items?.length
    ? items.map((i) => ({
        chart_of_accounts_id: i.chart_of_accounts_id,
        cents: decimalToCents(i.amount),
        name: i.name,
      }))
    : [{ chart_of_accounts_id: fees.id, cents: inv.subtotal_cents, name: null }];
  const principal = parts.reduce((a, p) => a + p.cents, 0);
  if (receivedCents < principal) {
    // less than the parts (a discount): each part its share of what came, to the cent
    const { cents } = splitCents(
      receivedCents,
      parts.map((p) => BigInt(p.cents)),
    );
    return parts.map((p, i) => ({ ...p, cents: cents[i] as number })).filter((p) => p.cents !== 0);
  }
  const beyond = receivedCents - principal;
  if (beyond === 0) return parts;
  const fines = byCode('1.2.01') ?? fees;
  return [...parts, { chart_of_accounts_id: fines.id, cents: beyond, name: 'Multa, juros e correção' }];
}
