// A collection lote's segments (cobrança): P registers a title (remessa); T tells of it in a return, by its
// movement, and U says what a liquidation paid and credited (#71). Read at FEBRABAN's positions, or the bank's where
// its manual moves them (layouts/cobranca.ts).

import {
  decodeCollectionMovement,
  type PaymentOutcome,
  type ReturnOccurrence,
  splitOccurrenceCodes,
} from './codes.js';
import {
  type CollectionSettlement,
  emptySettlement,
  isLiquidation,
  type MovementKind,
  movementKind,
} from './collection.js';
import { allZeros, cents, cpfCnpjOfType, fromCnabDate, trimOrNull } from './fields.js';
import { collectionSegmentT, fieldsOf, SEGMENT_P, SEGMENT_U } from './layouts.js';

/** What these segments write of an item (segments.ts's CnabItem has them all). */
export interface TitleFields {
  nosso_numero: string | null;
  seu_numero: string | null;
  due_date: string | null;
  face_value_cents: number | null;
  amount_cents: number | null;
  paid_amount_cents: number | null;
  date: string | null;
  paid_date: string | null;
  payer_document: string | null;
  payer_name: string | null;
  occurrences: ReturnOccurrence[];
  status: PaymentOutcome | null;
  movement?: string | null;
  movement_kind?: MovementKind | null;
  credit_date?: string | null;
  settlement?: CollectionSettlement;
}

/** What segments P and T both say of a collection's title: its numbers, due date and face value. */
function readTitle(at: (name: string) => string, item: TitleFields): void {
  item.nosso_numero = trimOrNull(at('nosso_numero'));
  item.seu_numero = trimOrNull(at('seu_numero'));
  item.due_date = fromCnabDate(at('due_date'));
  item.face_value_cents = cents(at('face_value'));
  item.amount_cents = item.face_value_cents;
}

/** A collection's title as the remessa registers it. */
export function readSegmentP(rec: string, item: TitleFields): void {
  const at = fieldsOf(SEGMENT_P, rec);
  readTitle(at, item);
  item.date = fromCnabDate(at('issue_date'));
}

/** A field a bank fills with zeros when it has nothing to say (BB's absent payer): absent. */
const said = (text: string): string | null => (allZeros(text.trim()) ? null : trimOrNull(text));

/** A collection's title as the retorno tells of it: the movement, what it means, and its reasons. */
export function readSegmentT(rec: string, item: TitleFields, bank: string | null): void {
  const at = fieldsOf(collectionSegmentT(bank), rec);
  readTitle(at, item);
  item.payer_document = cpfCnpjOfType(at('payer_document_type'), at('payer_document'));
  item.payer_name = said(at('payer_name'));
  const movement = at('movement').trim();
  item.movement = movement === '' ? null : movement;
  item.movement_kind = movement === '' ? null : movementKind(movement);
  item.credit_date = null;
  item.settlement = { ...emptySettlement(), tariff_cents: cents(at('tariff')) ?? 0 };
  if (movement !== '') item.occurrences.push(decodeCollectionMovement(movement));
  for (const reason of splitOccurrenceCodes(at('reasons'))) {
    if (/^0+$/.test(reason)) continue;
    item.occurrences.push({ code: reason, message: `Motivo ${reason} (tabela do banco)`, kind: 'info' });
  }
  // only a liquidation is paid and only a refusal rejected: a title registered, re-dated or written off is neither
  item.status = isLiquidation(item.movement_kind)
    ? 'paid'
    : item.movement_kind === 'refused'
      ? 'rejected'
      : null;
}

/** Segment U: its amounts, and for a liquidation the day it was paid (138-145) and credited (146-153). */
export function readSegmentU(rec: string, item: TitleFields): void {
  const at = fieldsOf(SEGMENT_U, rec);
  const amount = (name: string) => cents(at(name)) ?? 0;
  // a U after a T that was no liquidation carries the movement's own date and the title's value, not a payment's
  const liquidation = item.movement_kind === undefined || isLiquidation(item.movement_kind);
  const paid = amount('paid_amount');
  item.paid_amount_cents = paid > 0 && liquidation ? paid : null;
  item.settlement = {
    ...(item.settlement ?? emptySettlement()),
    charges_cents: amount('charges'),
    discount_cents: amount('discount'),
    rebate_cents: amount('rebate'),
    iof_cents: amount('iof'),
    net_credit_cents: amount('net_credit'),
    other_expenses_cents: amount('other_expenses'),
    other_credits_cents: amount('other_credits'),
  };
  item.paid_date = liquidation ? fromCnabDate(at('paid_date')) : null;
  if (item.movement_kind !== undefined)
    item.credit_date = liquidation ? fromCnabDate(at('credit_date')) : null;
}
