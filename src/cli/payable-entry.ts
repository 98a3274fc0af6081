import { boletosEnteredBefore, type EnteredBefore, postableExpenseAccounts } from '../app/payable-entry.js';
import { suppliersList } from '../app/registers.js';
import { DOC_ENDED } from '../domain/business-days.js';
import { formatDateBr } from '../domain/dates.js';
import { UsageError } from '../domain/errors.js';
import type { Finding, Params } from '../domain/message.js';
import { formatReais } from '../domain/money.js';
import { displayState, FAR_PAST_DAYS, farDueDate, reviewBoleto } from '../domain/payables.js';
import type { PayableCreate } from '../domain/request-bodies.js';
import type { Text } from '../domain/text.js';
import { type PayableTribute, tributeProblems } from '../domain/tributes.js';
import { type FlagsOf, PAYABLE_FIELDS, TRIBUTE_FIELDS } from './body-fields.js';
import type { Deps } from './context.js';
import { bodyFromFlags, flagOf, namedProblem, type Picker, REQUIRED } from './fields.js';
import { english, prefixed, type Translate } from './i18n.js';

/** The flag of a body field, a guide's (`tribute.period` -> `--period`) too. */
export const flagName = (field: string): string =>
  field.startsWith('tribute.')
    ? flagOf(TRIBUTE_FIELDS)(field.slice('tribute.'.length))
    : flagOf(PAYABLE_FIELDS)(field);

/** The guide the tribute flags describe, or undefined when none is given; `--tribute` names its kind. */
export function tributeFromFlags(deps: Deps, flags: PayableFlags): PayableTribute | undefined {
  const given = bodyFromFlags(TRIBUTE_FIELDS, flags, deps.today()) as Partial<PayableTribute>;
  const names = Object.keys(given) as (keyof PayableTribute)[];
  if (names.length === 0) return undefined;
  if (given.kind === undefined)
    throw new UsageError({
      en: `--${TRIBUTE_FIELDS[names[0]!].flag} describes a tax guide: give --tribute darf, gps or fgts`,
      pt: `--${TRIBUTE_FIELDS[names[0]!].flag} descreve uma guia de tributo: dê --tribute darf, gps ou fgts`,
    });
  // a CPF or CNPJ as people type it
  if (given.contributor_document)
    given.contributor_document = given.contributor_document.replace(/[.\-/\s]/g, '');
  return given as PayableTribute;
}

/** The two questions a generic prompt cannot ask: a supplier (or a payee name) and a chart account, from lists. */
export function pickers(deps: Deps): Record<string, Picker> {
  return {
    supplier_id: async (body, ask) => {
      if (body.payee_name !== undefined) return;
      const suppliers = await deps.app(suppliersList);
      const choice = await ask.select({ en: 'Supplier', pt: 'Fornecedor' }, [
        {
          name: deps.t({ en: '(none: type a payee name)', pt: '(nenhum: digitar o nome do favorecido)' }),
          value: '',
        },
        ...suppliers.map((s) => ({ name: `${s.name} (#${s.id})`, value: String(s.id) })),
      ]);
      if (choice) body.supplier_id = Number(choice);
      else
        body.payee_name = await ask.text(
          { en: 'Payee name', pt: 'Nome do favorecido' },
          { validate: (v) => (v.trim() ? true : REQUIRED) },
        );
    },
    chart_of_accounts_id: async (body, ask) => {
      const postable = await deps.app(postableExpenseAccounts);
      body.chart_of_accounts_id = Number(
        await ask.select(
          { en: 'Chart account', pt: 'Conta contábil' },
          postable.map((a) => ({ name: `${a.code} ${a.name}`, value: String(a.id) })),
        ),
      );
    },
  };
}

/**
 * The boleto rules (src/domain/payables.ts reviewBoleto) offline, before anything is sent: a bad digit or a value
 * the boleto does not carry is a usage error naming the flag (or file entry); a different due date is a warning.
 */
export function checkBoleto(deps: Deps, body: PayableCreate, where: (field: string) => string): void {
  const review = reviewBoleto(body, deps.today());
  const said = (t: Translate) =>
    [...Object.entries(review.findings), ...Object.entries(tributeProblems(body))].map(([field, msgs]) =>
      namedProblem(
        where(field),
        msgs.map((m) => t(m)),
      ),
    );
  const [en, pt] = [said(english), said(deps.t)];
  if (en.length > 0)
    throw new UsageError({
      en: `${en.join(', ')} (nothing was sent)`,
      pt: `${pt.join(', ')} (nada foi enviado)`,
    });
}

/** For each body that is a boleto, where it was entered before (app/payable-entry.ts), said as a warning when unknown. */
export const enteredBefore = (
  deps: Deps,
  bodies: readonly { forma_pagamento?: string | undefined; document_number?: string | null | undefined }[],
) => deps.app(boletosEnteredBefore, bodies, deps.warn);

/**
 * Where a boleto was entered before, as a person is asked it (`ask`) or told it after entering it anyway, with
 * the command that takes the new one back.
 */
export function enteredAs(
  before: EnteredBefore,
  t: Translate,
  how: 'ask' | 'told',
  named: { created?: string; entry?: (index: number) => string } = {},
): Text {
  const { created, entry } = named;
  const where = (say: (state: string) => string) =>
    [
      ...before.payables.map(
        (p) =>
          `${p.public_id} (${say(displayState(p))}, ${formatDateBr(p.due_date)}, ${formatReais(p.amount ?? 0)})`,
      ),
      ...(before.entry !== null && entry ? [entry(before.entry)] : []),
    ].join(', ');
  const en = `boleto is already entered as ${where((s) => s)}`;
  const pt = `boleto já está lançado como ${where(t)}`;
  if (how === 'ask') return { en: `This ${en}. Enter it again?`, pt: `Este ${pt}. Lançar de novo?` };
  return {
    en: `this ${en}: entered twice, it is paid twice${created ? `; condo payables delete ${created} takes this one back` : ''}`,
    pt: `este ${pt}: lançado duas vezes, é pago duas vezes${created ? `; condo payables delete ${created} desfaz este` : ''}`,
  };
}

/**
 * A payable to be paid by DOC (#50 point 9): FEBRABAN ended DOC on 29/02/2024 and a bank refuses one. The API
 * still takes the forma (the spec lists it), so it is entered as asked, with the warning naming what replaces it.
 */
export function warnDoc(deps: Deps, body: { forma_pagamento?: string | null }, field: string): void {
  if (body.forma_pagamento !== 'doc') return;
  const ended = formatDateBr(DOC_ENDED);
  deps.warn({
    en: `${field} doc: DOC ended on ${ended} and no bank takes one; pay by TED or PIX (ted, pix). Entered as asked`,
    pt: `${field} doc: o DOC acabou em ${ended} e nenhum banco o aceita; pague por TED ou PIX (ted, pix). Lançada como pedido`,
  });
}

/**
 * A due date far from today, said before it goes in (#66): 01/01/2020 is most often 2026 mistyped. Entered as
 * asked: an old bill entered late is real too.
 */
export function warnFarDue(deps: Deps, body: { due_date?: string | null }, field: string): void {
  const far = body.due_date ? farDueDate(body.due_date, deps.today()) : null;
  if (far && body.due_date) deps.warn(farDueWords(field, body.due_date, far));
}

/** The same for a file's entries: each where there are a few, one line with their count where there are more. */
export function warnFarDues(
  deps: Deps,
  bodies: readonly { due_date?: string | null }[],
  fieldOf: (index: number) => string,
): void {
  const far = bodies.flatMap((b, i) => {
    const how = b.due_date ? farDueDate(b.due_date, deps.today()) : null;
    return how && b.due_date ? [{ i, due: b.due_date, how }] : [];
  });
  const [first] = far;
  if (!first) return;
  if (far.length <= FEW) {
    for (const f of far) deps.warn(farDueWords(fieldOf(f.i), f.due, f.how));
    return;
  }
  const one = farDueWords(fieldOf(first.i), first.due, first.how);
  deps.warn({
    en: `${far.length} entries are due more than ${FAR_PAST_DAYS} days back or a year ahead; the first: ${one.en}`,
    pt: `${far.length} lançamentos vencem há mais de ${FAR_PAST_DAYS} dias ou daqui a mais de um ano; o primeiro: ${one.pt}`,
  });
}

/** Up to this many, a file's far due dates are said one by one. */
const FEW = 3;

function farDueWords(field: string, dueDate: string, far: { days: number; ahead: boolean }): Text {
  const due = formatDateBr(dueDate);
  return far.ahead
    ? {
        en: `${field} ${due}: ${far.days} days from today; check the year. Entered as asked`,
        pt: `${field} ${due}: daqui a ${far.days} dias; confira o ano. Lançada como pedido`,
      }
    : {
        en: `${field} ${due}: ${far.days} days ago; check the year. Entered as asked`,
        pt: `${field} ${due}: há ${far.days} dias; confira o ano. Lançada como pedido`,
      };
}

/** What the server accepted but said (a create's or update's `warnings`). */
export function sayWarnings(deps: Deps, record: object): void {
  if (!('warnings' in record)) return;
  if (!Array.isArray(record.warnings)) return;
  for (const w of record.warnings as { field?: string; message?: string; code?: string; params?: Params }[]) {
    // by its code where the server gave one (the sandbox does), else its English
    const said: Finding =
      w.code && w.params ? { code: w.code, params: w.params, message: w.message ?? '' } : (w.message ?? '');
    deps.warn(prefixed(deps.t, w.field ? `${flagName(w.field)}: ` : '', said));
  }
}

export type PayableFlags = FlagsOf<typeof PAYABLE_FIELDS> &
  FlagsOf<typeof TRIBUTE_FIELDS> & { fromFile?: string };
