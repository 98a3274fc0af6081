/**
 * What the CNAB 240 reader finds in a file (#54), by code, in English and Portuguese: a line that is not a record,
 * a record where the structure does not expect it, a count or a number that does not add up, the line ends.
 * `cnabFinding(code, values)` makes one; the CLI says it in the person's language by its code.
 */

import { formatDateBr } from '../../domain/dates.js';
import { type Message, messageOf, type ParamsOf, said } from '../../domain/message.js';
import { centsToText, formatReais } from '../../domain/money.js';

/** Whose document a check found wrong, in Portuguese. */
const WHOSE = { payee: 'do favorecido', company: 'da empresa', beneficiary: 'do beneficiário' } as const;

/** Cents as a segment J's values are quoted: reais, a comma, two digits. */
const commaCents = (c: number) => `${Math.trunc(c / 100)},${String(c % 100).padStart(2, '0')}`;

/** Why the content shows a file's direction (inference.ts), in each language. */
const WHY = {
  dda: { en: "a DDA file is the bank's list of boletos", pt: 'um arquivo DDA é a lista de boletos do banco' },
  statement: { en: "an account statement is the bank's", pt: 'um extrato de conta é do banco' },
  'segments-tu': { en: 'segments T/U are return records', pt: 'os segmentos T/U são registros de retorno' },
  'segments-pqrs': {
    en: 'segments P/Q/R/S are remittance records',
    pt: 'os segmentos P/Q/R/S são registros de remessa',
  },
  'segment-w': {
    en: "segment W only: the bank's pre-validation report of a remessa",
    pt: 'só segmento W: o relatório de pré-validação de uma remessa pelo banco',
  },
  'lote-operation': { en: 'lote operation code', pt: 'o código de operação do lote' },
  occurrences: { en: 'details carry occurrence codes', pt: 'os detalhes trazem códigos de ocorrência' },
  'no-occurrences': {
    en: 'no detail carries an occurrence code',
    pt: 'nenhum detalhe traz código de ocorrência',
  },
} as const;
export type DirectionWhy = keyof typeof WHY;

export const CNAB_FINDINGS = {
  // which way the file goes, when its header and its content disagree (inference.ts)
  'cnab.direction-code': said(
    (p: { code: string; read: string }) =>
      `header position 143 is "${p.code}", not 1 (remessa) or 2 (retorno); read as ${p.read}`,
    (p) => `a posição 143 do header é "${p.code}", não 1 (remessa) nem 2 (retorno); lido como ${p.read}`,
  ),
  'cnab.direction-header-wins': said(
    (p: { header: string; code: string; why: DirectionWhy }) =>
      `header says ${p.header} (position 143 = ${p.code}) though ${WHY[p.why].en} (blank occurrence fields); read as ${p.header}, as the header says`,
    (p) =>
      `o header diz ${p.header} (posição 143 = ${p.code}) embora ${WHY[p.why].pt} (campos de ocorrência em branco); lido como ${p.header}, como diz o header`,
  ),
  'cnab.direction-content-wins': said(
    (p: { header: string; code: string; why: DirectionWhy; content: string }) =>
      `header says ${p.header} (position 143 = ${p.code}) but the content is a ${p.content} (${WHY[p.why].en}); read as ${p.content}`,
    (p) =>
      `o header diz ${p.header} (posição 143 = ${p.code}), mas o conteúdo é de ${p.content} (${WHY[p.why].pt}); lido como ${p.content}`,
  ),
  // a line, before it is read as a record (record-lines.ts)
  'cnab.bom': said(
    () => 'file starts with a UTF-8 byte order mark; ignored',
    () => 'o arquivo começa com uma marca de ordem de bytes (BOM) UTF-8; ignorada',
  ),
  'cnab.blank': said(
    () => 'blank line ignored',
    () => 'linha em branco ignorada',
  ),
  'cnab.utf16': said(
    () => 'line is not CNAB 240 text: NUL bytes between characters (UTF-16 encoded?)',
    () => 'a linha não é texto CNAB 240: bytes NUL entre os caracteres (codificada em UTF-16?)',
  ),
  'cnab.eof-mark': said(
    () => 'end-of-file mark (Ctrl-Z) ignored',
    () => 'marca de fim de arquivo (Ctrl-Z) ignorada',
  ),
  'cnab.control': said(
    (p: { code: string; column: number }) =>
      `control character 0x${p.code} at column ${p.column}; removed to read on`,
    (p) => `caractere de controle 0x${p.code} na coluna ${p.column}; removido para seguir a leitura`,
  ),
  'cnab.non-ascii': said(
    (p: { encoding: string }) =>
      `non-ASCII characters (read as ${p.encoding}); CNAB 240 text should be ASCII`,
    (p) => `caracteres fora do ASCII (lidos como ${p.encoding}); o texto de um CNAB 240 deve ser ASCII`,
  ),
  'cnab.not-record': said(
    (p: { start: string }) =>
      `not a CNAB 240 record: expected bank code, lote and record type, got "${p.start}"`,
    (p) => `não é um registro CNAB 240: esperava código do banco, lote e tipo de registro, veio "${p.start}"`,
  ),
  'cnab.long-blank': said(
    (p: { length: number }) => `line has ${p.length} characters, expected 240 (trailing blanks ignored)`,
    (p) => `a linha tem ${p.length} caracteres, esperados 240 (brancos do fim ignorados)`,
  ),
  'cnab.long-data': said(
    (p: { length: number }) => `line has ${p.length} characters, expected 240: data beyond position 240`,
    (p) => `a linha tem ${p.length} caracteres, esperados 240: dados além da posição 240`,
  ),
  'cnab.short-codes': said(
    (p: { length: number }) =>
      `line has ${p.length} characters, expected 240: it ends before its occurrence codes (231-240), so what it says of its payment cannot be read`,
    (p) =>
      `a linha tem ${p.length} caracteres, esperados 240: ela acaba antes dos códigos de ocorrência (231-240), então o que diz do pagamento não pode ser lido`,
  ),
  'cnab.short': said(
    (p: { length: number }) =>
      `line has ${p.length} characters, expected 240 (trailing spaces stripped?); read as padded`,
    (p) =>
      `a linha tem ${p.length} caracteres, esperados 240 (espaços do fim removidos?); lida como se completada com espaços`,
  ),
  'cnab.lf-line-ends': said(
    () => 'lines end with LF, not CRLF',
    () => 'as linhas terminam em LF, não em CRLF',
  ),
  'cnab.mixed-line-ends': said(
    (p: { crlf: number; lf: number }) => `mixed line ends: ${p.crlf} CRLF, ${p.lf} LF`,
    (p) => `fins de linha misturados: ${p.crlf} CRLF, ${p.lf} LF`,
  ),
  'cnab.lone-cr': said(
    (p: { lines: number }) => `${p.lines} line(s) end with a lone CR`,
    (p) => `${p.lines} linha(s) terminam só com CR`,
  ),
  'cnab.no-final-line-end': said(
    () => 'no line end after the last line',
    () => 'sem fim de linha depois da última linha',
  ),

  // records where the file's structure does not expect them (reader.ts, structure.ts)
  'cnab.after-trailer': said(
    (p: { trailer: number }) => `record after the file trailer (line ${p.trailer})`,
    (p) => `registro depois do trailer do arquivo (linha ${p.trailer})`,
  ),
  'cnab.record-type': said(
    (p: { type: string }) => `unknown record type "${p.type}" at position 8`,
    (p) => `tipo de registro "${p.type}" desconhecido na posição 8`,
  ),
  'cnab.orphan-detail': said(
    () => 'detail record outside a lote (no lote header before it)',
    () => 'registro de detalhe fora de um lote (sem header de lote antes dele)',
  ),
  'cnab.orphan-lote-trailer': said(
    () => 'lote trailer without a lote header',
    () => 'trailer de lote sem header de lote',
  ),
  'cnab.no-file-header': said(
    () => 'no file header (record type 0): bank taken from the lote header',
    () => 'sem header de arquivo (registro tipo 0): banco lido do header de lote',
  ),
  'cnab.bank-differs': said(
    (p: { bank: string; file: string }) => `bank code ${p.bank} differs from the file's ${p.file}`,
    (p) => `código de banco ${p.bank} diferente do ${p.file} do arquivo`,
  ),
  'cnab.header-twice': said(
    (p: { first: number }) => `second file header (the first is at line ${p.first}); concatenated files?`,
    (p) => `segundo header de arquivo (o primeiro está na linha ${p.first}); arquivos concatenados?`,
  ),
  'cnab.header-not-first': said(
    () => 'file header is not the first record',
    () => 'o header de arquivo não é o primeiro registro',
  ),
  'cnab.header-lote': said(
    (p: { lote: string }) => `file header has lote "${p.lote}", expected 0000`,
    (p) => `o header de arquivo tem lote "${p.lote}", esperado 0000`,
  ),
  'cnab.lote-seq': said(
    (p: { lote: string; expected: number }) => `lote header numbered ${p.lote}, expected ${p.expected}`,
    (p) => `header de lote numerado ${p.lote}, esperado ${p.expected}`,
  ),
  'cnab.forma': said(
    (p: { forma: string }) => `forma de lançamento ${p.forma} is not in FEBRABAN's table`,
    (p) => `forma de lançamento ${p.forma} não está na tabela da FEBRABAN`,
  ),
  'cnab.detail-lote': said(
    (p: { says: string; lote: number }) => `detail says lote ${p.says}, inside lote ${p.lote}`,
    (p) => `o detalhe diz lote ${p.says}, dentro do lote ${p.lote}`,
  ),
  'cnab.detail-seq': said(
    (p: { says: string; expected: number }) => `record sequence ${p.says}, expected ${p.expected}`,
    (p) => `sequência de registro ${p.says}, esperada ${p.expected}`,
  ),
  'cnab.orphan-companion': said(
    (p: { segment: string }) => `segment ${p.segment} without a preceding detail`,
    (p) => `segmento ${p.segment} sem um detalhe antes dele`,
  ),
  'cnab.unknown-segment': said(
    (p: { segment: string }) => `segment "${p.segment}" is not known; record kept in the counts only`,
    (p) => `segmento "${p.segment}" desconhecido; registro só contado`,
  ),

  // counts and closings (reader.ts)
  'cnab.no-lote-trailer': said(
    (p: { lote: number; line: number }) => `lote ${p.lote} (line ${p.line}) has no lote trailer`,
    (p) => `o lote ${p.lote} (linha ${p.line}) não tem trailer de lote`,
  ),
  'cnab.lote-trailer-lote': said(
    (p: { says: string; lote: number }) => `lote trailer says lote ${p.says}, closing lote ${p.lote}`,
    (p) => `o trailer de lote diz lote ${p.says}, fechando o lote ${p.lote}`,
  ),
  'cnab.lote-count': said(
    (p: { lote: number; counts: string; records: number }) =>
      `lote ${p.lote} trailer counts ${p.counts} records, the lote has ${p.records}`,
    (p) => `o trailer do lote ${p.lote} conta ${p.counts} registros, o lote tem ${p.records}`,
  ),
  'cnab.trailer-lote': said(
    (p: { lote: string }) => `file trailer has lote "${p.lote}", expected 9999`,
    (p) => `o trailer do arquivo tem lote "${p.lote}", esperado 9999`,
  ),
  'cnab.file-lotes': said(
    (p: { counts: string; lotes: number }) =>
      `file trailer counts ${p.counts} lotes, the file has ${p.lotes}`,
    (p) => `o trailer do arquivo conta ${p.counts} lotes, o arquivo tem ${p.lotes}`,
  ),
  'cnab.file-records': said(
    (p: { counts: string; records: number }) =>
      `file trailer counts ${p.counts} records, the file has ${p.records}`,
    (p) => `o trailer do arquivo conta ${p.counts} registros, o arquivo tem ${p.records}`,
  ),
  'cnab.no-records': said(
    () => 'no CNAB 240 records found',
    () => 'nenhum registro CNAB 240 encontrado',
  ),
  'cnab.no-file-trailer': said(
    () => 'no file trailer (record type 9): the file may be truncated',
    () => 'sem trailer de arquivo (registro tipo 9): o arquivo pode estar cortado',
  ),
  'cnab.more-like': said(
    (p: { more: number; finding: Message; last: number }, say) =>
      `${p.more} more like "${say(p.finding)}" (the last at line ${p.last})`,
    (p, say) => `mais ${p.more} como "${say(p.finding)}" (o último na linha ${p.last})`,
  ),
  // what a record's own checks find (checks.ts)
  'cnab.document': said(
    (p: { who: 'payee' | 'company' | 'beneficiary'; kind: 'CPF' | 'CNPJ'; digits: string }) =>
      `${p.who} ${p.kind} ${p.digits} has invalid check digits`,
    (p) => `${p.kind} ${p.digits} ${WHOSE[p.who]} com dígitos verificadores inválidos`,
  ),
  'cnab.camara-internal': said(
    (p: { camara: string; forma: string }) =>
      `câmara ${p.camara} in a lote of forma ${p.forma} (credit at the paying bank), expected 000`,
    (p) => `câmara ${p.camara} num lote de forma ${p.forma} (crédito no próprio banco pagador), esperada 000`,
  ),
  'cnab.forma-bank': said(
    (p: { payeeBank: string; forma: string; fileBank: string }) =>
      `payee bank ${p.payeeBank} in a lote of forma ${p.forma}, which credits accounts at bank ${p.fileBank}`,
    (p) =>
      `banco do favorecido ${p.payeeBank} num lote de forma ${p.forma}, que credita contas no banco ${p.fileBank}`,
  ),
  'cnab.camara-ted': said(
    (p: { camara: string; forma: string }) =>
      `câmara ${p.camara} in a TED lote (forma ${p.forma}), expected 018 or 988`,
    (p) => `câmara ${p.camara} num lote de TED (forma ${p.forma}), esperada 018 ou 988`,
  ),
  'cnab.camara-doc-ted': said(
    (p: { camara: string }) =>
      `câmara ${p.camara} in a DOC/TED lote (forma 03), expected 018 (TED) or 700 (DOC)`,
    (p) => `câmara ${p.camara} num lote de DOC/TED (forma 03), esperada 018 (TED) ou 700 (DOC)`,
  ),
  'cnab.title-value': said(
    (p: { paid: number; face: number; discount: number; mora: number }) =>
      `segment J pays ${commaCents(p.paid)} for a title of ${commaCents(p.face)} (discount ${commaCents(p.discount)}, mora ${commaCents(p.mora)}): the values do not add up`,
    (p) =>
      `o segmento J paga ${commaCents(p.paid)} por um título de ${commaCents(p.face)} (desconto ${commaCents(p.discount)}, mora ${commaCents(p.mora)}): os valores não fecham`,
  ),
  'cnab.lote-sum-wide': said(
    (p: { lote: number; reads: number; total: number }) =>
      `lote ${p.lote} trailer sum is written at positions 24-44 instead of 24-41 (24-41 reads ${centsToText(p.reads)}, the details total ${centsToText(p.total)})`,
    (p) =>
      `a soma do trailer do lote ${p.lote} está nas posições 24-44, não 24-41 (24-41 diz ${formatReais(p.reads)}, os detalhes somam ${formatReais(p.total)})`,
  ),
  'cnab.lote-sum': said(
    (p: { lote: number; sum: number; total: number }) =>
      `lote ${p.lote} trailer sum ${centsToText(p.sum)}, the details total ${centsToText(p.total)}`,
    (p) =>
      `a soma do trailer do lote ${p.lote} é ${formatReais(p.sum)}; os detalhes somam ${formatReais(p.total)}`,
  ),
  'cnab.lote-sum-accepted': said(
    (p: { lote: number; sum: number; total: number; accepted: number }) =>
      `lote ${p.lote} trailer sum ${centsToText(p.sum)}, the details total ${centsToText(p.total)} (the accepted ones ${centsToText(p.accepted)})`,
    (p) =>
      `a soma do trailer do lote ${p.lote} é ${formatReais(p.sum)}; os detalhes somam ${formatReais(p.total)} (os aceitos, ${formatReais(p.accepted)})`,
  ),
  'cnab.lote-sum-not-numeric': said(
    (p: { lote: number; total: number }) =>
      `lote ${p.lote} trailer sum is not numeric, the details total ${centsToText(p.total)}`,
    (p) => `a soma do trailer do lote ${p.lote} não é numérica; os detalhes somam ${formatReais(p.total)}`,
  ),
  'cnab.barcode-digit': said(
    (p: { digit: number; expected: number }) => `barcode check digit is ${p.digit}, expected ${p.expected}`,
    (p) => `o dígito verificador do código de barras é ${p.digit}, esperado ${p.expected}`,
  ),
  'cnab.dda-amount': said(
    (p: { amount: number; barcode: number }) =>
      `segment G amount ${centsToText(p.amount)}, its barcode's ${centsToText(p.barcode)}`,
    (p) =>
      `o segmento G diz valor ${centsToText(p.amount)}, mas o código de barras diz ${centsToText(p.barcode)}`,
  ),
  'cnab.dda-due-date': said(
    (p: { due: string; barcode: string }) => `segment G due date ${p.due}, its barcode's ${p.barcode}`,
    (p) => `o segmento G diz vencimento ${p.due}, mas o código de barras diz ${p.barcode}`,
  ),
  // what cnab lint finds beyond the reader (lint.ts)
  'lint.charset': said(
    (p: { char: string; column: number }) =>
      `"${p.char}" at column ${p.column} is outside ASCII: banks read CNAB 240 text without accents`,
    (p) => `"${p.char}" na coluna ${p.column} está fora do ASCII: os bancos leem texto CNAB 240 sem acentos`,
  ),
  'lint.payment-date': said(
    (p: { date: string; weekend: string; holiday: string }) =>
      `payment date ${p.date} is ${p.holiday ? `a bank holiday (${p.holiday})` : `a ${p.weekend}`}, not a bank business day`,
    (p) =>
      `a data de pagamento ${p.date} é ${p.holiday ? `feriado bancário (${p.holiday})` : p.weekend === 'Saturday' ? 'um sábado' : 'um domingo'}, não um dia útil bancário`,
  ),
  'lint.doc-ended': said(
    (p: { date: string; ended: string }) =>
      `DOC (câmara 700)${p.date ? ` paid on ${p.date}` : ''}: DOC ended on ${p.ended}; pay it by TED (câmara 018) or PIX`,
    (p) =>
      `DOC (câmara 700)${p.date ? ` pago em ${formatDateBr(p.date)}` : ''}: o DOC acabou em ${formatDateBr(p.ended)}; pague por TED (câmara 018) ou PIX`,
  ),
  'lint.pix-key-form': said(
    (p: { key: string }) => `PIX key "${p.key}" is in none of the DICT's forms`,
    (p) => `a chave PIX "${p.key}" não está em nenhuma das formas do DICT`,
  ),
  'lint.pix-key-kind': said(
    (p: { key: string; form: string; said: string }) =>
      `PIX key "${p.key}" is a ${p.form} key, but segment B says ${p.said}`,
    (p) => `a chave PIX "${p.key}" é uma chave ${p.form}, mas o segmento B diz ${p.said}`,
  ),
  'lint.agency-digit': said(
    (p: { agency: string; given: string; expected: string }) =>
      `the agência ${p.agency}'s digit is ${p.given}; by the bank's algorithm it is ${p.expected}`,
    (p) => `o dígito da agência ${p.agency} é ${p.given}; pelo algoritmo do banco é ${p.expected}`,
  ),
  'lint.account-digit': said(
    (p: { account: string; agency: string; given: string; expected: string }) =>
      `the conta ${p.account}'s digit is ${p.given}; by the bank's algorithm (agência ${p.agency}) it is ${p.expected}`,
    (p) =>
      `o dígito da conta ${p.account} é ${p.given}; pelo algoritmo do banco (agência ${p.agency}) é ${p.expected}`,
  ),
  'lint.convenio': said(
    (p: { bank: string; digits: number; at: string }) =>
      `${p.bank} requires its convênio (${p.digits} digits at ${p.at}); the file header leaves it blank`,
    (p) =>
      `${p.bank} exige o convênio (${p.digits} dígitos em ${p.at}); o header do arquivo o deixa em branco`,
  ),
  'lint.layout-version': said(
    (p: {
      lote: string;
      segment: string;
      version: string;
      listed: string;
      manual: string;
      date: string;
      wanted: string;
    }) =>
      `${p.lote ? `lote ${p.lote} (segment ${p.segment}) layout version` : 'file layout version'} ${p.version}${p.listed ? ` is ${p.listed}'s` : ''}; ${p.manual}${p.date ? `, in force on ${p.date},` : ''} asks for ${p.wanted.split(' ').join(' or ')}`,
    (p) =>
      `${p.lote ? `lote ${p.lote} (segmento ${p.segment}) com versão de leiaute` : 'versão de leiaute do arquivo'} ${p.version}${p.listed ? `, que é do ${p.listed}` : ''}; ${p.manual}${p.date ? `, em vigor em ${formatDateBr(p.date)},` : ''} pede ${p.wanted.split(' ').join(' ou ')}`,
  ),
  // what cnab lint finds against the server (cli/cnab-lint.ts): the NSA the batches used, the paying account
  'lint.file-sequence': said(
    (p: { nsa: number; last: number; batch: string }) =>
      `file sequence (NSA) ${p.nsa} is not above ${p.last}, the last the server's batches used (batch ${p.batch})`,
    (p) =>
      `o número sequencial (NSA) ${p.nsa} não está acima de ${p.last}, o último usado pelos lotes do servidor (lote ${p.batch})`,
  ),
  'lint.company-account-digit': said(
    (p: { header: string; digit: string; account: string }) =>
      `the header's ${p.header} has digit "${p.digit}"; the condominium's account ${p.account} has another`,
    (p) => `o header traz ${p.header}, com dígito "${p.digit}"; a conta do condomínio ${p.account} tem outro`,
  ),
  'lint.company-account-other': said(
    (p: { header: string; bank: string; known: string }) =>
      `the header's ${p.header} is none of the condominium's accounts at bank ${p.bank} (${p.known})`,
    (p) =>
      `o header traz ${p.header}, que não é nenhuma das contas do condomínio no banco ${p.bank} (${p.known})`,
  ),
  'lint.company-account-none': said(
    (p: { header: string; bank: string }) =>
      `the header's ${p.header}: the condominium has no account at bank ${p.bank}`,
    (p) => `o header traz ${p.header}: o condomínio não tem conta no banco ${p.bank}`,
  ),
};

export type CnabFindingCode = keyof typeof CNAB_FINDINGS;

/** The values a finding of this catalog takes. */
export type CnabParams<K extends CnabFindingCode> = ParamsOf<(typeof CNAB_FINDINGS)[K]>;

/** A finding of the reader's, by its code and values. */
export const cnabFinding = <K extends CnabFindingCode>(code: K, params: CnabParams<K>): Message =>
  messageOf(CNAB_FINDINGS, code, params);

/** A finding still worded in English where it is made (a check's, the direction's): read by its text alone. */
export const plainFinding = (message: string): Message => ({ code: 'text', params: {}, message });
