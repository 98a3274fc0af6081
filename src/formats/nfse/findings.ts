/**
 * What the NFS-e reader finds in a file (#55), by code, in English and Portuguese: why a file cannot be read (with
 * its line and column), and what was read leniently.
 */

import { type Message, messageOf, type ParamsOf, said } from '../../domain/message.js';

/** fast-xml-parser's kinds of error (its `err.code`), as a Portuguese reader says them. */
const XML_REASONS_PT: Readonly<Record<string, string>> = {
  InvalidChar: 'caractere inesperado',
  InvalidTag: 'tag inválida ou não fechada',
  InvalidAttr: 'atributo inválido',
  InvalidXml: 'estrutura XML inválida',
};

export const NFSE_READ_FINDINGS = {
  // the parser's reason is English: the Portuguese says its kind by the parser's code, and the text it quotes (#66)
  'nfse.xml': said(
    (p: { reason: string; code?: string }) => `not well-formed XML: ${p.reason}`,
    (p) => {
      const quoted = /'([^']*)'/.exec(p.reason)?.[1];
      const kind = XML_REASONS_PT[p.code ?? ''] ?? 'veja a linha e a coluna';
      return `XML mal formado: ${kind}${quoted !== undefined ? ` ('${quoted}')` : ''}`;
    },
  ),
  'nfse.cannot-open': said(
    (p: { reason: string }) => `cannot be opened (${p.reason})`,
    (p) => `não pode ser aberto (${p.reason})`,
  ),
  'nfse.empty': said(
    () => 'the file is empty',
    () => 'o arquivo está vazio',
  ),
  'nfse.not-nfse': said(
    (p: { root: string }) =>
      `not an NFS-e: its root is <${p.root}>, and it holds no <NFSe>, <DPS>, ABRASF <InfNfse> or cancellation event`,
    (p) =>
      `não é uma NFS-e: a raiz é <${p.root}>, sem <NFSe>, <DPS>, <InfNfse> ABRASF ou evento de cancelamento`,
  ),
  'nfse.missing': said(
    (p: { element: string }) => `<${p.element}> is missing`,
    (p) => `falta <${p.element}>`,
  ),
  'nfse.not-amount': said(
    (p: { element: string; value: string }) => `<${p.element}> '${p.value}' is not an amount`,
    (p) => `<${p.element}> '${p.value}' não é um valor`,
  ),
  'nfse.not-date': said(
    (p: { element: string; value: string }) => `<${p.element}> '${p.value}' is not a date`,
    (p) => `<${p.element}> '${p.value}' não é uma data`,
  ),
  'nfse.raw-ampersand': said(
    (p: { count: number }) => `${p.count} raw '&' read as '&amp;' (not escaped by the issuer)`,
    (p) => `${p.count} '&' sem escape lido(s) como '&amp;' (o emissor não escapou)`,
  ),
  'nfse.unknown-code': said(
    (p: { element: string; value: string }) =>
      `<${p.element}> '${p.value}' is not a code condo knows: taken as not stated`,
    (p) => `<${p.element}> '${p.value}' não é um código que o condo conheça: tomado como não informado`,
  ),
} as const;

export type NfseReadCode = keyof typeof NFSE_READ_FINDINGS;

export const nfseReadFinding = <K extends NfseReadCode>(
  code: K,
  params: ParamsOf<(typeof NFSE_READ_FINDINGS)[K]>,
): Message => messageOf(NFSE_READ_FINDINGS, code, params);
