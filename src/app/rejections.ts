/**
 * A payment the bank refused, and what fixes it (#31, #53): the advice after each return code, read as the bank
 * that answered means it, the commands that correct what a rejection usually names and mark it again, and the
 * payments a bank holds without saying how they will end. What is advised is decided here; cli/rejections.ts shows it.
 */
import type { Client, Payable } from '../client/index.js';
import type { Text } from '../domain/text.js';
import { occurrenceClass } from '../formats/cnab240/codes.js';
import { explainReturnCode, refusalConcern } from '../formats/cnab240/explain.js';

/**
 * A rejected payable, and what to do about it: the bank's code and reason, then the commands that fix what a
 * rejection usually names (the supplier's bank account or PIX key, or the boleto's digits) and mark it again.
 */
export interface Rejection {
  public_id: string;
  payee_name?: string | null | undefined;
  amount?: number | undefined;
  forma_pagamento?: string | undefined;
  supplier_id?: number | null | undefined;
  last_return?: { code?: string; message?: string } | null | undefined;
  /** A tax guide paid by its data: its kind (a DARF or GPS has no barcode to correct). */
  tribute?: { kind?: string } | null | undefined;
}

/** The advice after a code that says the bill is already settled: the one advice that never says "mark it". */
export const SETTLED_ADVICE: Text = {
  en: 'the bank says this boleto is already paid: check the statement before paying it again',
  pt: 'o banco diz que este boleto já foi pago: confira o extrato antes de pagá-lo de novo',
};

/** A command typed the same in both languages. */
const same = (line: string): Text => ({ en: line, pt: line });

/**
 * The steps, each in both languages where it is written (#53): a command's placeholders in the reader's words
 * (`<key>`, `<chave>`), a note after it too.
 */
export function nextSteps(p: Rejection, bankCode?: string): Text[] {
  const id = p.public_id;
  const code = p.last_return?.code ?? '';
  const mark = same(`condo payables mark ${id}`);
  if (settled(p, bankCode))
    return [
      { en: `(${SETTLED_ADVICE.en})`, pt: `(${SETTLED_ADVICE.pt})` },
      same('condo statements list'),
      {
        en: `condo payables delete ${id}   (paid already: it leaves the month's bills)`,
        pt: `condo payables delete ${id}   (já paga: sai das contas do mês)`,
      },
      {
        en: `${mark.en} --force   (only when the statement shows it was not paid)`,
        pt: `${mark.pt} --force   (só quando o extrato mostrar que não foi paga)`,
      },
    ];
  const concern = refusalConcern(code);
  if (concern === 'paying-account')
    return [
      {
        en: "(the condominium's paying account: fund it or settle it with the bank)",
        pt: '(a conta pagadora do condomínio: deposite ou resolva com o banco)',
      },
      mark,
    ];
  const boleto = p.forma_pagamento === 'boleto';
  const kind = p.tribute?.kind;
  if (kind === 'darf' || kind === 'gps')
    return [
      {
        en: `condo payables update ${id} --amount <reais> --revenue-code <code> --period <period> --tribute ${kind}`,
        pt: `condo payables update ${id} --amount <reais> --revenue-code <código> --period <período> --tribute ${kind}`,
      },
      mark,
    ];
  if (boleto && concern !== 'payee')
    return [same(`condo payables update ${id} --document <linha digitável>`), mark];
  if (concern === 'payee' && p.supplier_id)
    return [
      p.forma_pagamento === 'pix'
        ? {
            en: `condo suppliers update ${p.supplier_id} --pix-key <key>`,
            pt: `condo suppliers update ${p.supplier_id} --pix-key <chave>`,
          }
        : same(
            `condo suppliers update ${p.supplier_id} --bank-code <nnn> --agency <nnnn> --account <nnnnn-d>`,
          ),
      mark,
    ];
  return [
    { en: "(read the bank's reason; when it is solved:)", pt: '(leia o motivo do banco; resolvido, então:)' },
    mark,
  ];
}

export const settled = (p: Rejection, bankCode?: string): boolean =>
  occurrenceClass(p.last_return?.code ?? '', bankCode) === 'settled-do-not-pay-again';

/** Up to this many refusals, each payable is read by itself; more, from one list of the pending ones. */
const REJECTIONS_READ_ONE_BY_ONE = 10;

/** The payables a batch's returns rejected that are still waiting to be fixed (pending), with their supplier. */
export async function rejectionsOf(
  client: Client,
  items: ReadonlyArray<Record<string, unknown>>,
): Promise<Rejection[]> {
  const rejected = items.filter((i) => i.outcome === 'rejected' && i.state === 'pending');
  // the payable itself names its supplier, which a batch's item does not: a few are read one by one, many from
  // one list of the pending payables (a big remittance's thousands of refusals are not as many calls, which a
  // rate limit of the real API would stretch over an hour)
  const listed =
    rejected.length > REJECTIONS_READ_ONE_BY_ONE
      ? new Map(
          [...(await client.payables.list({ state: 'pending' }, { all: true }))].map((p) => [p.public_id, p]),
        )
      : new Map<string, Payable>();
  return Promise.all(
    rejected.map(async (item): Promise<Rejection> => {
      const p: Payable =
        listed.get(String(item.public_id)) ?? (await client.payables.get(String(item.public_id)));
      return {
        public_id: p.public_id,
        payee_name: p.payee_name,
        amount: (item.amount as number | undefined) ?? p.amount,
        forma_pagamento: p.forma_pagamento,
        supplier_id: p.supplier_id,
        last_return: (item.last_return as Rejection['last_return']) ?? p.last_return,
      };
    }),
  );
}

/**
 * The payments of a return the bank holds without saying how they will end (Sicoob's BS, `cnab explain`): no later
 * return updates them, so each gets a warning with the statement to check before anything is sent again.
 */
export function heldPayments(
  items: ReadonlyArray<Record<string, unknown>>,
  bankCode: string | undefined,
): Text[] {
  const warnings: Text[] = [];
  for (const item of items) {
    const last = item.last_return as { code?: string; message?: string } | null | undefined;
    if (!last?.code) continue;
    const e = explainReturnCode(last.code, bankCode);
    if (e.class !== 'check-the-statement') continue;
    const said = `${last.code} ${last.message ?? e.meaning ?? ''}`.trim();
    warnings.push({
      en: `held ${String(item.public_id)}: ${said}; ${e.next.en}`,
      pt: `retido ${String(item.public_id)}: ${said}; ${e.next.pt}`,
    });
  }
  return warnings;
}
