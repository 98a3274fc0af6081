/**
 * What the statement readers find in a file (#54), by code, in English and Portuguese: OFX's tags and header,
 * a CSV's columns and values, a CNAB 240 account statement's records, and what each line of any of them is (a
 * balance, a scheduled movement, a repeated FITID). `statementFinding(code, values)` makes one; IssueList keeps
 * its English as the issue's message and the finding beside it, for the CLI to say in the person's language.
 */

import { formatDateBr } from '../../domain/dates.js';
import { type Message, messageOf, type ParamsOf, said } from '../../domain/message.js';
import { formatReais } from '../../domain/money.js';

/** A date as the readers write it (ISO), as a Brazilian reads it; anything else as it is. */
const br = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDateBr(date) : date);

/** Cents as the CNAB reader's English writes amounts (1234.56). */
const plainCents = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

const SCHEDULED_EN = 'scheduled, not imported until a later file carries it as done';
const SCHEDULED_PT = 'agendado, importado só quando um arquivo seguinte o trouxer efetivado';

/** A part of a CNAB account statement, in Portuguese. */
const PART_PT = {
  movement: 'lançamento',
  'opening balance': 'saldo inicial',
  'closing balance': 'saldo final',
} as const;
/** A part of a CNAB account statement whose value a finding names. */
export type StatementPart = keyof typeof PART_PT;
const OF_PART_PT = {
  movement: 'do lançamento',
  'opening balance': 'do saldo inicial',
  'closing balance': 'do saldo final',
};
/** What a short line ends before, in Portuguese. */
const SHORT_PT = {
  'its opening balance (143-169)': 'do saldo inicial (143-169)',
  'its history code (173-176)': 'do código do histórico (173-176)',
  'its closing balance and record count (143-176)': 'do saldo final e da contagem de registros (143-176)',
} as const;

export type ShortBefore = keyof typeof SHORT_PT;

export const STATEMENT_FINDINGS = {
  // any reader
  'statement.more': said(
    (p: { count: number; kind: 'warnings' | 'errors' }) => `${p.count} more ${p.kind} not shown`,
    (p) => `mais ${p.count} ${p.kind === 'warnings' ? 'avisos' : 'erros'} não mostrados`,
  ),
  'statement.mixed-encoding': said(
    () => 'file mixes UTF-8 and single-byte (windows-1252) text',
    () => 'o arquivo mistura texto UTF-8 e de um byte (windows-1252)',
  ),
  // why a value is refused, inside a finding that names its field
  'value.empty': said(
    () => 'is empty',
    () => 'está vazio',
  ),
  'value.not-number': said(
    (p: { value: string }) => `'${p.value}' is not a number`,
    (p) => `'${p.value}' não é um número`,
  ),
  'value.not-amount': said(
    (p: { value: string }) => `'${p.value}' is not an amount`,
    (p) => `'${p.value}' não é um valor`,
  ),
  'value.too-large': said(
    (p: { value: string }) => `'${p.value}' is too large`,
    (p) => `'${p.value}' é grande demais`,
  ),
  'value.rounded': said(
    (p: { value: string }) => `'${p.value}' has more than 2 decimals; rounded`,
    (p) => `'${p.value}' tem mais de 2 casas decimais; arredondado`,
  ),
  'value.thousands': said(
    (p: { value: string }) => `'${p.value}' has thousands separators`,
    (p) => `'${p.value}' tem separadores de milhar`,
  ),
  'value.not-ofx-date': said(
    (p: { value: string }) => `'${p.value}' is not an OFX date (YYYYMMDD[HHMMSS[.XXX]][[gmt offset:tz]])`,
    (p) => `'${p.value}' não é uma data OFX (AAAAMMDD[HHMMSS[.XXX]][[fuso:tz]])`,
  ),
  'value.zero-date': said(
    (p: { value: string }) => `'${p.value}' is a zero date`,
    (p) => `'${p.value}' é uma data zerada`,
  ),
  'value.not-calendar-date': said(
    (p: { value: string }) => `'${p.value}' is not a calendar date`,
    (p) => `'${p.value}' não é uma data do calendário`,
  ),
  'value.bad-time': said(
    (p: { value: string }) => `'${p.value}' has an invalid time`,
    (p) => `'${p.value}' tem uma hora inválida`,
  ),
  'value.bad-offset': said(
    (p: { value: string }) => `'${p.value}' has an invalid time zone offset`,
    (p) => `'${p.value}' tem um fuso horário inválido`,
  ),
  // OFX's text, before it is read as elements (ofx/tokenizer.ts)
  'ofx.text-overflow': said(
    () => 'text longer than 1 MiB without a tag',
    () => 'texto de mais de 1 MiB sem uma tag',
  ),
  'ofx.unterminated': said(
    (p: { what: 'comment' | 'declaration' | 'processing instruction' }) => `unterminated ${p.what}`,
    (p) =>
      ({
        comment: 'comentário sem fim',
        declaration: 'declaração sem fim',
        'processing instruction': 'instrução de processamento sem fim',
      })[p.what],
  ),
  'ofx.malformed-tag': said(
    (p: { tag: string }) => `malformed tag '${p.tag}'`,
    (p) => `tag malformada '${p.tag}'`,
  ),
  // OFX's elements (ofx/parser.ts)
  'ofx.no-root': said(
    () => 'not an OFX file: no <OFX> element found',
    () => 'não é um arquivo OFX: nenhum elemento <OFX>',
  ),
  'ofx.other-root': said(
    (p: { tag: string }) => `not an OFX file: expected <OFX>, found <${p.tag}>`,
    (p) => `não é um arquivo OFX: esperava <OFX>, veio <${p.tag}>`,
  ),
  'ofx.ends-inside': said(
    (p: { tag: string; line: number }) => `file ends inside <${p.tag}> opened at line ${p.line} (truncated?)`,
    (p) => `o arquivo termina dentro de <${p.tag}>, aberto na linha ${p.line} (cortado?)`,
  ),
  'ofx.no-end': said(
    () => 'missing </OFX> at the end of the file',
    () => 'falta </OFX> no fim do arquivo',
  ),
  'ofx.no-end-no-statement': said(
    () => 'missing </OFX>: the file ends before any statement (truncated?)',
    () => 'falta </OFX>: o arquivo termina antes de qualquer extrato (cortado?)',
  ),
  'ofx.text-after': said(
    () => 'text after </OFX> ignored',
    () => 'texto depois de </OFX> ignorado',
  ),
  'ofx.element-after': said(
    (p: { tag: string }) => `<${p.tag}> after </OFX> ignored`,
    (p) => `<${p.tag}> depois de </OFX> ignorado`,
  ),
  'ofx.closes-nothing': said(
    (p: { tag: string }) => `</${p.tag}> closes nothing (its element was already closed); skipped`,
    (p) => `</${p.tag}> não fecha nada (seu elemento já estava fechado); ignorado`,
  ),
  'ofx.unmatched-close': said(
    (p: { tag: string }) => `unexpected </${p.tag}> without a matching <${p.tag}>`,
    (p) => `</${p.tag}> inesperado, sem um <${p.tag}> correspondente`,
  ),
  'ofx.missing-close': said(
    (p: { tag: string; line: number; before: string }) =>
      `missing </${p.tag}> (opened at line ${p.line}) before ${p.before}`,
    (p) => `falta </${p.tag}> (aberto na linha ${p.line}) antes de ${p.before}`,
  ),
  'ofx.transaction-outside': said(
    () => '<STMTTRN> outside a statement (STMTRS or CCSTMTRS)',
    () => '<STMTTRN> fora de um extrato (STMTRS ou CCSTMTRS)',
  ),
  'ofx.second-field': said(
    (p: { tag: string }) => `STMTTRN has a second <${p.tag}>; the first is kept`,
    (p) => `STMTTRN tem um segundo <${p.tag}>; fica o primeiro`,
  ),
  'ofx.curdef-empty': said(
    () => 'CURDEF is empty; currency unknown',
    () => 'CURDEF está vazio; moeda desconhecida',
  ),
  'ofx.date-ignored': said(
    (p: { tag: string; reason: Message }, say) => `${p.tag} ${say(p.reason)}; ignored`,
    (p, say) => `${p.tag} ${say(p.reason)}; ignorado`,
  ),
  'ofx.ledger-amount': said(
    (p: { reason: Message }, say) => `LEDGERBAL BALAMT ${say(p.reason)}; ledger balance unknown`,
    (p, say) => `LEDGERBAL BALAMT ${say(p.reason)}; saldo contábil desconhecido`,
  ),
  'ofx.ledger-date': said(
    (p: { reason: Message }, say) => `LEDGERBAL DTASOF ${say(p.reason)}; balance date unknown`,
    (p, say) => `LEDGERBAL DTASOF ${say(p.reason)}; data do saldo desconhecida`,
  ),
  'ofx.status': said(
    (p: { code: string; severity: string; detail: string }) =>
      `OFX status ${p.code} ${p.severity}${p.detail ? `: ${p.detail}` : ''}`,
    (p) => `status OFX ${p.code} ${p.severity}${p.detail ? `: ${p.detail}` : ''}`,
  ),
  'ofx.statement-empty': said(
    (p: { tag: string; account: string }) => `<${p.tag}> has no ${p.account}, no transactions and no balance`,
    (p) => `<${p.tag}> não tem ${p.account}, nem transações, nem saldo`,
  ),
  'ofx.no-account': said(
    (p: { tag: string; account: string }) => `<${p.tag}> has no ${p.account}; account unknown`,
    (p) => `<${p.tag}> não tem ${p.account}; conta desconhecida`,
  ),
  'ofx.empty-acctid': said(
    (p: { tag: string }) => `<${p.tag}> has an empty ACCTID; account unknown`,
    (p) => `<${p.tag}> tem ACCTID vazio; conta desconhecida`,
  ),
  'ofx.no-curdef': said(
    (p: { tag: string }) => `<${p.tag}> has no CURDEF`,
    (p) => `<${p.tag}> não tem CURDEF`,
  ),
  'ofx.balance-line': said(
    (p: { at: number; label: string }) =>
      `STMTTRN at line ${p.at}: '${p.label}' has no valid TRNAMT; a balance line, not a transaction: skipped`,
    (p) =>
      `STMTTRN da linha ${p.at}: '${p.label}' não tem TRNAMT válido; é uma linha de saldo, não uma transação: ignorada`,
  ),
  'ofx.field-missing': said(
    (p: { at: number; tag: 'TRNAMT' | 'DTPOSTED' }) => `STMTTRN at line ${p.at}: ${p.tag} missing`,
    (p) => `STMTTRN da linha ${p.at}: ${p.tag} ausente`,
  ),
  'ofx.field-refused': said(
    (p: { tag: string; reason: Message }, say) => `${p.tag} ${say(p.reason)}`,
    (p, say) => `${p.tag} ${say(p.reason)}`,
  ),
  'ofx.trntype-missing': said(
    (p: { at: number }) => `STMTTRN at line ${p.at}: TRNTYPE missing; taken from the sign`,
    (p) => `STMTTRN da linha ${p.at}: TRNTYPE ausente; deduzido do sinal`,
  ),
  'ofx.fitid-missing': said(
    (p: { at: number }) => `STMTTRN at line ${p.at}: FITID missing; id derived from date, amount and memo`,
    (p) => `STMTTRN da linha ${p.at}: FITID ausente; id derivado de data, valor e histórico`,
  ),
  // OFX's header
  'ofx.version': said(
    (p: { version: string }) => `unsupported OFX VERSION ${p.version}; read as OFX 2.x`,
    (p) => `VERSION ${p.version} do OFX não suportada; lido como OFX 2.x`,
  ),
  'ofx.text-before': said(
    () => 'unexpected text before <OFX>',
    () => 'texto inesperado antes de <OFX>',
  ),
  'ofx.no-header': said(
    () => 'no OFX header before <OFX>',
    () => 'sem header OFX antes de <OFX>',
  ),
  'ofx.text-before-no-header': said(
    () => 'unexpected text before <OFX> (no OFXHEADER)',
    () => 'texto inesperado antes de <OFX> (sem OFXHEADER)',
  ),
  'ofx.header-one-line': said(
    () => 'OFX header fields are not separated by line breaks',
    () => 'os campos do header OFX não estão separados por quebras de linha',
  ),
  'ofx.no-blank-line': said(
    () => 'no blank line between the OFX header and <OFX>',
    () => 'sem linha em branco entre o header OFX e <OFX>',
  ),
  'ofx.header-no-version': said(
    () => 'OFX header has no VERSION',
    () => 'o header OFX não tem VERSION',
  ),
  'ofx.header-version': said(
    (p: { version: string }) => `unsupported OFX header VERSION:${p.version}; read as OFX 1.x`,
    (p) => `VERSION:${p.version} do header OFX não suportada; lido como OFX 1.x`,
  ),
  'ofx.header-data': said(
    (p: { data: string }) => `unexpected OFX header DATA:${p.data}`,
    (p) => `header OFX inesperado DATA:${p.data}`,
  ),
  // a CSV's records, columns and values (statement-csv/)
  'csv.unterminated-quote': said(
    () => 'unterminated quoted field',
    () => 'campo entre aspas sem fechamento',
  ),
  'csv.field-too-long': said(
    () => 'field longer than 1 MiB',
    () => 'campo de mais de 1 MiB',
  ),
  'csv.empty': said(
    () => 'empty CSV file',
    () => 'arquivo CSV vazio',
  ),
  'csv.unknown-roles': said(
    (p: { roles: string; known: string }) =>
      `unknown column role(s) in the mapping: ${p.roles} (use ${p.known})`,
    (p) => `papel(is) de coluna desconhecido(s) no mapeamento: ${p.roles} (use ${p.known})`,
  ),
  'csv.column-not-found': said(
    (p: { columns: string }) => `column ${p.columns} not found in the header`,
    (p) => `coluna ${p.columns} não encontrada no cabeçalho`,
  ),
  'csv.mapping-date': said(
    () => 'the column mapping needs date',
    () => 'o mapeamento de colunas precisa de date',
  ),
  'csv.mapping-amount': said(
    () => 'the column mapping needs amount (or credit and debit)',
    () => 'o mapeamento de colunas precisa de amount (ou credit e debit)',
  ),
  'csv.no-header': said(
    () => 'no header row found (expected columns such as Data, Valor, Descrição); pass a column mapping',
    () =>
      'nenhuma linha de cabeçalho encontrada (esperava colunas como Data, Valor, Descrição); informe um mapeamento de colunas',
  ),
  'csv.columns-inferred': said(
    (p: { columns: string }) => `no header row; columns inferred: ${p.columns}`,
    (p) => `sem linha de cabeçalho; colunas deduzidas: ${p.columns}`,
  ),
  'csv.unknown-date-format': said(
    (p: { format: string }) =>
      `unknown date format '${p.format}' (use e.g. DD/MM/YYYY, YYYY-MM-DD, MM/DD/YYYY)`,
    (p) => `formato de data desconhecido '${p.format}' (use p. ex. DD/MM/YYYY, YYYY-MM-DD, MM/DD/YYYY)`,
  ),
  'csv.dates-mixed': said(
    () => 'dates mix day-first and month-first forms; pass a date format',
    () => 'as datas misturam dia primeiro e mês primeiro; informe um formato de data',
  ),
  'csv.dates-ambiguous': said(
    () => 'dates could be DD/MM or MM/DD; read as DD/MM/YYYY (pass a date format to choose)',
    () =>
      'as datas podem ser DD/MM ou MM/DD; lidas como DD/MM/AAAA (informe um formato de data para escolher)',
  ),
  'csv.wrapped': said(
    () => 'every line is one quoted field holding the whole row (quotes doubled inside); unwrapped',
    () => 'cada linha é um campo entre aspas com a linha inteira (aspas dobradas dentro); desembrulhada',
  ),
  'csv.width': said(
    (p: { fields: number; header: number; delimiter: string }) =>
      `${p.fields} fields where the header has ${p.header} (a value with an unquoted '${p.delimiter}'?)`,
    (p) => `${p.fields} campos onde o cabeçalho tem ${p.header} (um valor com '${p.delimiter}' sem aspas?)`,
  ),
  'csv.decimal-comma': said(
    (p: { example: string }) =>
      `amount written with an unquoted decimal comma (e.g. '${p.example}'); read as one value (the same on every such row)`,
    (p) =>
      `valor escrito com vírgula decimal sem aspas (p. ex. '${p.example}'); lido como um só valor (o mesmo em todas essas linhas)`,
  ),
  'csv.date-empty': said(
    (p: { column: string; fields: number }) =>
      `column ${p.column}: date is empty${p.fields >= 0 ? ` (the row has only ${p.fields} fields)` : ''}`,
    (p) =>
      `coluna ${p.column}: a data está vazia${p.fields >= 0 ? ` (a linha só tem ${p.fields} campos)` : ''}`,
  ),
  'csv.not-date': said(
    (p: { column: string; value: string; order: string }) =>
      `column ${p.column}: '${p.value}' is not a date (${p.order})`,
    (p) => `coluna ${p.column}: '${p.value}' não é uma data (${p.order})`,
  ),
  'csv.amount': said(
    (p: { column: string; reason: Message }, say) => `column ${p.column}: amount ${say(p.reason)}`,
    (p, say) => `coluna ${p.column}: valor ${say(p.reason)}`,
  ),
  'csv.both-empty': said(
    (p: { credit: string; debit: string }) => `columns ${p.credit} and ${p.debit}: both empty`,
    (p) => `colunas ${p.credit} e ${p.debit}: as duas vazias`,
  ),
  'csv.rounded': said(
    () => 'amount has more than 2 decimals; rounded to the cent',
    () => 'o valor tem mais de 2 casas decimais; arredondado ao centavo',
  ),
  // what each line of a statement is (statement/lines.ts)
  'line.scheduled': said(
    (p: { date: string; cents: number; text: string; after: 'end' | 'today' | 'written'; on: string }) =>
      `${p.date} ${formatReais(p.cents)} "${p.text}" is dated after ${{ end: "the statement's end", today: 'today', written: 'the day the bank wrote the file' }[p.after]} (${p.on}): ${SCHEDULED_EN}`,
    (p) =>
      `${br(p.date)} ${formatReais(p.cents)} "${p.text}" tem data depois ${{ end: 'do fim do extrato', today: 'de hoje', written: 'do dia em que o banco gerou o arquivo' }[p.after]} (${br(p.on)}): ${SCHEDULED_PT}`,
  ),
  'line.balance': said(
    (p: { text: string; cents: number; date: string; opening: string }) =>
      `"${p.text}" ${formatReais(p.cents)}${p.date ? ` on ${p.date}` : ''} is the balance, not a movement: kept as the statement's ${p.opening ? 'opening ' : ''}balance`,
    (p) =>
      `"${p.text}" ${formatReais(p.cents)}${p.date ? ` em ${br(p.date)}` : ''} é o saldo, não um lançamento: guardado como saldo ${p.opening ? 'inicial ' : ''}do extrato`,
  ),
  'line.balance-differs': said(
    (p: { text: string; cents: number; date: string; line: number; made: number }) =>
      `"${p.text}" ${formatReais(p.cents)}${p.date ? ` on ${p.date}` : ''} is the balance, not a movement; but the balance on line ${p.line} and the movements between make ${formatReais(p.made)}`,
    (p) =>
      `"${p.text}" ${formatReais(p.cents)}${p.date ? ` em ${br(p.date)}` : ''} é o saldo, não um lançamento; mas o saldo da linha ${p.line} e os lançamentos entre eles dão ${formatReais(p.made)}`,
  ),
  'line.ledger-differs': said(
    (p: { ledger: number; line: number; made: number }) =>
      `the statement's balance (LEDGERBAL) is ${formatReais(p.ledger)}; the balance on line ${p.line} and the movements after it make ${formatReais(p.made)}`,
    (p) =>
      `o saldo do extrato (LEDGERBAL) é ${formatReais(p.ledger)}; o saldo da linha ${p.line} e os lançamentos depois dele dão ${formatReais(p.made)}`,
  ),
  'line.fitid-again': said(
    (p: { fitid: string; first: number }) =>
      `duplicate FITID '${p.fitid}' (also at line ${p.first}) with the same date, amount and memo: imported as a second transaction`,
    (p) =>
      `FITID '${p.fitid}' repetido (também na linha ${p.first}) com a mesma data, valor e histórico: importado como uma segunda transação`,
  ),
  'line.fitid-other': said(
    (p: { fitid: string; first: number }) =>
      `duplicate FITID '${p.fitid}' (also at line ${p.first}) on another transaction (its date, amount or memo differ): both imported`,
    (p) =>
      `FITID '${p.fitid}' repetido (também na linha ${p.first}) em outra transação (data, valor ou histórico diferem): as duas importadas`,
  ),
  // a CNAB 240 account statement's records (cnab240/statement.ts)
  'extrato.cut': said(
    (p: { lote: number }) =>
      `the statement of lote ${p.lote} ends without its lote trailer (its closing balance): the file was cut`,
    (p) => `o extrato do lote ${p.lote} acaba sem o trailer do lote (o saldo final): o arquivo foi cortado`,
  ),
  'extrato.no-trailer': said(
    () => 'no file trailer (record type 9): the file may be cut',
    () => 'sem trailer de arquivo (registro tipo 9): o arquivo pode estar cortado',
  ),
  'extrato.no-lote': said(
    () => 'no account statement lote (operation E, service 04) in the file',
    () => 'nenhum lote de extrato de conta (operação E, serviço 04) no arquivo',
  ),
  'extrato.long': said(
    (p: { length: number }) => `the line has ${p.length} characters, expected 240`,
    (p) => `a linha tem ${p.length} caracteres, esperados 240`,
  ),
  'extrato.short': said(
    (p: { length: number; before: ShortBefore }) =>
      `the line has ${p.length} characters, expected 240: it ends before ${p.before}`,
    (p) => `a linha tem ${p.length} caracteres, esperados 240: ela acaba antes ${SHORT_PT[p.before]}`,
  ),
  'extrato.record-type': said(
    (p: { type: string }) => `record type "${p.type}" (position 8) is not one of 0, 1, 3, 5, 9`,
    (p) => `o tipo de registro "${p.type}" (posição 8) não é 0, 1, 3, 5 nem 9`,
  ),
  'extrato.header-inside': said(
    (p: { lote: number }) => `a lote header inside lote ${p.lote}, which has no trailer`,
    (p) => `um header de lote dentro do lote ${p.lote}, que não tem trailer`,
  ),
  'extrato.not-statement-lote': said(
    (p: { operation: string; service: string }) =>
      `lote header of operation "${p.operation}" and service "${p.service}": an account statement's lotes are operation E, service 04`,
    (p) =>
      `header de lote de operação "${p.operation}" e serviço "${p.service}": os lotes de um extrato de conta são de operação E, serviço 04`,
  ),
  'extrato.not-date': said(
    (p: { part: StatementPart; value: string }) =>
      `the ${p.part}'s date (143-150) is not a date: "${p.value}"`,
    (p) => `a data ${OF_PART_PT[p.part]} (143-150) não é uma data: "${p.value}"`,
  ),
  'extrato.not-number': said(
    (p: { part: StatementPart; at: string; value: string }) =>
      `${p.part}: the value at ${p.at} is not a number: "${p.value}"`,
    (p) => `${PART_PT[p.part]}: o valor em ${p.at} não é um número: "${p.value}"`,
  ),
  'extrato.not-sign': said(
    (p: { part: StatementPart; at: number; value: string }) =>
      `${p.part}: position ${p.at} says "${p.value}", not D (debit) or C (credit)`,
    (p) => `${PART_PT[p.part]}: a posição ${p.at} diz "${p.value}", não D (débito) nem C (crédito)`,
  ),
  'extrato.outside-lote': said(
    () => 'a detail record outside a statement lote',
    () => 'um registro de detalhe fora de um lote de extrato',
  ),
  'extrato.other-segment': said(
    (p: { segment: string }) =>
      `segment "${p.segment}" in an account statement (expected E): counted, not read`,
    (p) => `segmento "${p.segment}" num extrato de conta (esperado E): contado, não lido`,
  ),
  'extrato.trailer-alone': said(
    () => 'a lote trailer without its lote header',
    () => 'um trailer de lote sem o header do lote',
  ),
  'extrato.closing': said(
    (p: { closing: number; opening: number; net: number }) =>
      `the closing balance ${plainCents(p.closing)} is not the opening balance ${plainCents(p.opening)} and the movements (${plainCents(p.net)})`,
    (p) =>
      `o saldo final ${formatReais(p.closing)} não é o saldo inicial ${formatReais(p.opening)} mais os lançamentos (${formatReais(p.net)})`,
  ),
  'extrato.count': said(
    (p: { stated: number; counted: number }) =>
      `the lote trailer counts ${p.stated} records, the lote has ${p.counted}`,
    (p) => `o trailer do lote conta ${p.stated} registros, o lote tem ${p.counted}`,
  ),
  'extrato.sum': said(
    (p: { which: 'debits' | 'credits'; stated: number; sum: number }) =>
      `the lote trailer's ${p.which} are ${plainCents(p.stated)}, the movements' ${plainCents(p.sum)}`,
    (p) =>
      `o trailer do lote diz ${p.which === 'debits' ? 'débitos' : 'créditos'} de ${formatReais(p.stated)}, os lançamentos somam ${formatReais(p.sum)}`,
  ),
  // what a server finds comparing a statement with the account it is sent to (the sandbox's account_mismatch)
  'account.other-bank': said(
    (p: { bank: string; account_bank: string }) =>
      `the statement is for bank ${p.bank}, this account is at bank ${p.account_bank}`,
    (p) => `o extrato é do banco ${p.bank}, esta conta é do banco ${p.account_bank}`,
  ),
  'account.other-account': said(
    (p: { account: string; agency: string; number: string }) =>
      `the statement is for account ${p.account}, this account is ${p.agency} ${p.number}`,
    (p) => `o extrato é da conta ${p.account}, esta conta é ${p.agency} ${p.number}`,
  ),
  'file.empty': said(
    () => 'the file is empty',
    () => 'o arquivo está vazio',
  ),
  'file.no-statement': said(
    (p: { format: 'ofx' | 'csv' }) =>
      `no ${p.format === 'ofx' ? 'OFX statement' : 'CSV transactions'} found in the file`,
    (p) => `nenhum ${p.format === 'ofx' ? 'extrato OFX' : 'lançamento CSV'} no arquivo`,
  ),
};

export type StatementFindingCode = keyof typeof STATEMENT_FINDINGS;

/** A statement reader's finding: its code, its values, and its English. */
export const statementFinding = <K extends StatementFindingCode>(
  code: K,
  params: ParamsOf<(typeof STATEMENT_FINDINGS)[K]>,
): Message => messageOf(STATEMENT_FINDINGS, code, params);
