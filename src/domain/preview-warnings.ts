/**
 * A batch preview's warnings by code (#54), in English and Portuguese: a module of its own, light, so the
 * Portuguese translator that lists it (cli/i18n-pt.ts) does not load the preview and the boleto code with it.
 */
import { formatDateBr } from './dates.js';
import { type Message, messageOf, type ParamsOf, said } from './message.js';

/** What is the same as when the bank refused it, in Portuguese. */
const SAME_PT = {
  barcode: 'o código de barras',
  pix_key: 'a chave PIX',
  bank_account: 'a conta bancária',
} as const;
const SAME_EN = { barcode: 'the barcode', pix_key: 'the PIX key', bank_account: 'the bank account' } as const;
export type SamePayeeData = keyof typeof SAME_EN;

const CHECK_FIRST = 'a possible fake boleto; check with the supplier before paying';
const CHECK_FIRST_PT = 'possível boleto falso; confirme com o fornecedor antes de pagar';

/** A preview's warnings by code (#54), in English and Portuguese. */
export const PREVIEW_WARNINGS = {
  'preview.rejected-unchanged': said(
    (p: { on: string; code: string; said: string; same: SamePayeeData }) =>
      `the bank rejected it on ${formatDateBr(p.on)} (${p.code} ${p.said}) and ${SAME_EN[p.same]} is still the one it refused: correct it first, or the bank refuses it again`,
    (p) =>
      `o banco rejeitou em ${formatDateBr(p.on)} (${p.code} ${p.said}) e ${SAME_PT[p.same]} ainda é ${p.same === 'barcode' ? 'o' : 'a'} que ele recusou: corrija antes, ou o banco recusa de novo`,
  ),
  'preview.dda-other-beneficiary': said(
    (p: { beneficiary: string }) =>
      `the bank's DDA names beneficiary ${p.beneficiary} for its barcode, not its supplier: ${CHECK_FIRST}`,
    (p) =>
      `o DDA do banco aponta o beneficiário ${p.beneficiary} para o código de barras dela, não o fornecedor: ${CHECK_FIRST_PT}`,
  ),
  'preview.not-in-dda': said(
    () => `no DDA file lists its barcode: ${CHECK_FIRST}`,
    () => `nenhum arquivo DDA lista o código de barras dela: ${CHECK_FIRST_PT}`,
  ),
  'preview.doc-ended': said(
    (p: { ended: string; id: string }) =>
      `a DOC: DOC ended on ${formatDateBr(p.ended)} and the bank refuses it; pay it by TED (condo payables update ${p.id} --method ted) or PIX`,
    (p) =>
      `um DOC: o DOC acabou em ${formatDateBr(p.ended)} e o banco o recusa; pague por TED (condo payables update ${p.id} --method ted) ou PIX`,
  ),
  'preview.boleto-late': said(
    (p: { due: string; date: string }) =>
      `the boleto is due ${p.due}, before the payment date ${p.date}: the bank may refuse it, or charge fine and interest`,
    (p) =>
      `o boleto vence em ${formatDateBr(p.due)}, antes da data de pagamento ${formatDateBr(p.date)}: o banco pode recusá-lo ou cobrar multa e juros`,
  ),
  'preview.late': said(
    (p: { due: string; date: string }) => `due ${p.due}, paid ${p.date}: late`,
    (p) => `vence em ${formatDateBr(p.due)}, pago em ${formatDateBr(p.date)}: atrasado`,
  ),
  'preview.early': said(
    (p: { due: string; date: string; days: number }) =>
      `due ${formatDateBr(p.due)}, paid ${formatDateBr(p.date)}: more than ${p.days} days early (the money leaves before it must)`,
    (p) =>
      `vence em ${formatDateBr(p.due)}, pago em ${formatDateBr(p.date)}: mais de ${p.days} dias antes (o dinheiro sai antes do necessário)`,
  ),
  'preview.duplicate-barcode': said(
    (p: { other: string; state: string }) =>
      `the same barcode as payable ${p.other} (${p.state}): a duplicate would pay the bill twice`,
    (p) =>
      `o mesmo código de barras da conta ${p.other} (${p.state}): uma duplicata pagaria a conta duas vezes`,
  ),
  'preview.duplicate-bill': said(
    (p: { other: string; state: string }) =>
      `the same supplier, amount and due date as payable ${p.other} (${p.state}): a duplicate would pay the bill twice`,
    (p) =>
      `mesmo fornecedor, valor e vencimento da conta ${p.other} (${p.state}): uma duplicata pagaria a conta duas vezes`,
  ),
};

type PreviewCode = keyof typeof PREVIEW_WARNINGS;
export const previewWarning = <K extends PreviewCode>(
  code: K,
  params: ParamsOf<(typeof PREVIEW_WARNINGS)[K]>,
): Message => messageOf(PREVIEW_WARNINGS, code, params);
