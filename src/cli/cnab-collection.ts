/**
 * A collection return as a person reads it (#71): its titles by movement, what the liquidations paid and credited
 * and on which day, and each title's movement in words. `cnab inspect` prints it (terminal, and stderr with -o tsv)
 * and puts the same summary in its --json.
 */
import { formatDateBr } from '../domain/dates.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { CollectionSummary, MovementKind } from '../formats/cnab240/collection.js';
import type { CnabItem } from '../formats/cnab240/index.js';
import type { Translate } from './i18n.js';
import type { Column } from './output.js';

/** A movement kind in words, singular and plural. */
const KIND_WORDS: Readonly<Record<MovementKind, { one: Text; many: Text }>> = {
  registered: { one: { en: 'registered', pt: 'registrado' }, many: { en: 'registered', pt: 'registrados' } },
  refused: { one: { en: 'refused', pt: 'recusado' }, many: { en: 'refused', pt: 'recusados' } },
  paid: { one: { en: 'paid', pt: 'liquidado' }, many: { en: 'paid', pt: 'liquidados' } },
  paid_after_write_off: {
    one: { en: 'paid after write-off', pt: 'liquidado após baixa' },
    many: { en: 'paid after write-off', pt: 'liquidados após baixa' },
  },
  written_off: { one: { en: 'written off', pt: 'baixado' }, many: { en: 'written off', pt: 'baixados' } },
  due_date_changed: {
    one: { en: 'due date changed', pt: 'vencimento alterado' },
    many: { en: 'due date changed', pt: 'vencimento alterado' },
  },
  tariff: { one: { en: 'tariff', pt: 'tarifa' }, many: { en: 'tariffs', pt: 'tarifas' } },
  other: {
    one: { en: 'other movement', pt: 'outro movimento' },
    many: { en: 'other movements', pt: 'outros movimentos' },
  },
};

export const movementWords = (kind: MovementKind, t: Translate, count = 1) =>
  t(count === 1 ? KIND_WORDS[kind].one : KIND_WORDS[kind].many);

/** The summary's lines of a collection return, in place of a payment return's count and total. */
export function collectionSummaryLines(
  titles: number,
  faceCents: number,
  s: CollectionSummary,
  t: Translate,
): string[] {
  const width = Math.max(...s.movements.map((m) => String(m.count).length), 1);
  const words = s.movements.map((m) => movementWords(m.kind, t, m.count));
  const wide = Math.max(...words.map((w) => w.length), 1);
  const l = s.liquidations;
  return [
    t({
      en: `${titles} ${titles === 1 ? 'title' : 'titles'}, face value ${formatReais(faceCents)}, by movement:`,
      pt: `${titles} ${titles === 1 ? 'título' : 'títulos'}, valor de face ${formatReais(faceCents)}, por movimento:`,
    }),
    ...s.movements.map(
      (m, i) =>
        `  ${String(m.count).padStart(width)} ${(words[i] as string).padEnd(wide)}  ${formatReais(m.face_value_cents).padStart(14)}`,
    ),
    ...(l.count === 0
      ? [t({ en: 'nothing was paid: no money came in', pt: 'nada foi liquidado: nenhum dinheiro entrou' })]
      : [
          t({
            en: `paid ${formatReais(l.paid_cents)} (interest and fines ${formatReais(l.charges_cents)}, discounts ${formatReais(l.discount_cents)}, abatimentos ${formatReais(l.rebate_cents)}); tariffs ${formatReais(l.tariff_cents)}; net credit ${formatReais(l.net_credit_cents)}`,
            pt: `pago ${formatReais(l.paid_cents)} (juros e multa ${formatReais(l.charges_cents)}, descontos ${formatReais(l.discount_cents)}, abatimentos ${formatReais(l.rebate_cents)}); tarifas ${formatReais(l.tariff_cents)}; crédito líquido ${formatReais(l.net_credit_cents)}`,
          }),
          ...l.credit_dates.map((c) =>
            t({
              en: `  credited on ${formatDateBr(c.date)}: ${formatReais(c.net_credit_cents)}`,
              pt: `  creditado em ${formatDateBr(c.date)}: ${formatReais(c.net_credit_cents)}`,
            }),
          ),
        ]),
    ...(s.other_tariffs_cents > 0
      ? [
          t({
            en: `tariffs of titles not paid: ${formatReais(s.other_tariffs_cents)}`,
            pt: `tarifas de títulos não liquidados: ${formatReais(s.other_tariffs_cents)}`,
          }),
        ]
      : []),
  ];
}

/** A collection return's titles: their numbers, due date, face value, movement, and what a liquidation paid. */
export const collectionColumns = (t: Translate): Column<CnabItem>[] => [
  { header: { en: 'LINE', pt: 'LINHA' }, value: (i) => i.line },
  { header: 'NOSSO NÚMERO', value: (i) => i.nosso_numero, fixed: true },
  { header: 'SEU NÚMERO', value: (i) => i.seu_numero, fixed: true, drop: 2 },
  { header: { en: 'DUE', pt: 'VENCIMENTO' }, value: (i) => i.due_date, kind: 'date' },
  { header: { en: 'FACE VALUE', pt: 'VALOR' }, value: (i) => i.face_value_cents, kind: 'cents' },
  {
    header: { en: 'MOVEMENT', pt: 'MOVIMENTO' },
    value: (i) => (i.movement ? `${i.movement} ${movementWords(i.movement_kind ?? 'other', t)}` : ''),
  },
  { header: { en: 'PAID', pt: 'PAGO' }, value: (i) => i.paid_amount_cents, kind: 'cents' },
  { header: { en: 'CREDITED', pt: 'CRÉDITO' }, value: (i) => i.credit_date, kind: 'date', drop: 1 },
  {
    header: { en: 'REASONS', pt: 'MOTIVOS' },
    value: (i) =>
      i.occurrences
        .slice(1)
        .map((o) => o.code)
        .join(' '),
    drop: 3,
  },
];
