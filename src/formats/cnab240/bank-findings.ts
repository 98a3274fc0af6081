/**
 * Why the sandbox's bank will not answer a remittance (#54), by code, in English and Portuguese: a file that is
 * not a payment remittance, a payment asked to be rejected that the file does not carry.
 */

import { type Message, messageOf, type ParamsOf, said } from '../../domain/message.js';

export const BANK_FINDINGS = {
  'bank.not-payment': said(
    () => 'not a payment remittance: this is a collection (cobrança) file',
    () => 'não é uma remessa de pagamentos: este é um arquivo de cobrança',
  ),
  'bank.not-remittance': said(
    () => 'not a remittance: this file is already a bank return',
    () => 'não é uma remessa: este arquivo já é um retorno do banco',
  ),
  'bank.truncated': said(
    () => 'the remittance is truncated (no file trailer, or a lote without its trailer)',
    () => 'a remessa está cortada (sem trailer de arquivo, ou um lote sem o trailer dele)',
  ),
  'bank.no-payments': said(
    () => 'the remittance has no payments',
    () => 'a remessa não tem pagamentos',
  ),
  'bank.empty': said(
    () => 'the remittance file is empty',
    () => 'o arquivo de remessa está vazio',
  ),
  'bank.no-such-payment': said(
    (p: { wanted: string; caixa: string }) =>
      `cannot reject "${p.wanted}": no payment with that seu número in the remittance${p.caixa ? ' (Caixa numbers the payments of its files: see the SEU NÚMERO column of `condo cnab inspect FILE`)' : ''}`,
    (p) =>
      `não dá para rejeitar "${p.wanted}": nenhum pagamento com esse seu número na remessa${p.caixa ? ' (a Caixa numera os pagamentos dos arquivos dela: veja a coluna SEU NÚMERO de `condo cnab inspect FILE`)' : ''}`,
  ),
};

export const bankFinding = <K extends keyof typeof BANK_FINDINGS>(
  code: K,
  params: ParamsOf<(typeof BANK_FINDINGS)[K]>,
): Message => messageOf(BANK_FINDINGS, code, params);
