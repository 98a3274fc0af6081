/**
 * Bank statements written the way Brazilian banks export them, for `condo sandbox statement`, the demo and the
 * tests: OFX 1.x (SGML, header `CHARSET:1252`, CRLF, unclosed leaf elements, ASCII only) and `;`-separated CSV.
 * `buildStatementOfx` and `buildStatementCsv` are pure; `monthStatement` reads the month's movements of a
 * condominium's payment account from its ledger (what reconciliation will match) plus two movements nobody
 * recorded; `statementForDemo` does the same from a data dir. Independent OFX readers accept what it writes:
 * no empty element, and every transaction inside DTSTART..DTEND (but the scheduled one `bankShapes` adds, on
 * purpose).
 */
import { addDays, type IsoDate, todayIn } from '../domain/dates.js';
import { digitsOnly } from '../domain/digits.js';
import { formatDocument } from '../domain/documents.js';
import { centsToText } from '../domain/money.js';
import { TEST_CONDOMINIUM } from './seed/index.js';
import { paymentAccountOf } from './services/lookups.js';
import { SandboxStore } from './store.js';

export interface OfxTransaction {
  fitid: string;
  date: IsoDate;
  /** cents, credits positive */
  amountCents: number;
  memo: string;
  /** CHECKNUM: the document number reconciliation prefers */
  checknum?: string | null;
  name?: string | null;
  /** TRNTYPE; default CREDIT or DEBIT from the sign */
  type?: string;
}

export interface OfxStatementOptions {
  /** e.g. `341`; written as a 4-digit BANKID (`0341`), as Itaú and Bradesco do */
  bankCode: string;
  agency?: string;
  /** as the bank writes it, e.g. `12345-6` */
  account: string;
  accountType?: 'CHECKING' | 'SAVINGS' | 'MONEYMRKT';
  transactions: OfxTransaction[];
  start: IsoDate;
  end: IsoDate;
  /** LEDGERBAL, cents */
  balanceCents?: number;
  /** DTSERVER; default the end date */
  serverDate?: IsoDate;
}

const ofxDate = (d: IsoDate) => d.replaceAll('-', '');

/** ASCII only (accents dropped), SGML's specials escaped, one line, at most `max` characters. */
export function ofxText(text: string, max = 255): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** An OFX 1.02 SGML statement (CRLF line ends). */
export function buildStatementOfx(o: OfxStatementOptions): string {
  const lines = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDate(o.serverDate ?? o.end)}120000[-3:BRT]`,
    '<LANGUAGE>POR',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1001',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    `<BANKID>${digitsOnly(o.bankCode).padStart(4, '0')}`,
    ...(o.agency ? [`<BRANCHID>${ofxText(o.agency, 22)}`] : []),
    `<ACCTID>${ofxText(o.account, 22)}`,
    `<ACCTTYPE>${o.accountType ?? 'CHECKING'}`,
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(o.start)}`,
    `<DTEND>${ofxDate(o.end)}`,
  ];
  for (const t of o.transactions) {
    lines.push(
      '<STMTTRN>',
      `<TRNTYPE>${t.type ?? (t.amountCents < 0 ? 'DEBIT' : 'CREDIT')}`,
      `<DTPOSTED>${ofxDate(t.date)}`,
      `<TRNAMT>${centsToText(t.amountCents)}`,
      `<FITID>${ofxText(t.fitid, 255)}`,
      ...optional('CHECKNUM', t.checknum, 12),
      ...optional('NAME', t.name, 32),
      ...optional('MEMO', t.memo, 255),
      '</STMTTRN>',
    );
  }
  lines.push('</BANKTRANLIST>');
  if (o.balanceCents !== undefined) {
    lines.push(
      '<LEDGERBAL>',
      `<BALAMT>${centsToText(o.balanceCents)}`,
      `<DTASOF>${ofxDate(o.end)}`,
      '</LEDGERBAL>',
    );
  }
  lines.push('</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '');
  return lines.join('\r\n');
}

/** An element only when it has text: an empty `<MEMO>` is refused by strict OFX readers. */
function optional(tag: string, value: string | null | undefined, max: number): string[] {
  const text = value ? ofxText(value, max) : '';
  return text ? [`<${tag}>${text}`] : [];
}

const csvDate = (d: IsoDate) => d.split('-').reverse().join('/');
const csvAmount = (cents: number) => centsToText(cents).replace('.', ',');
const csvCell = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The same statement as a `;`-separated CSV with a header condo's importer (and a spreadsheet) recognizes:
 * `Data;Histórico;Documento;Valor;Identificador`, dates DD/MM/YYYY, amounts with a decimal comma.
 */
export function buildStatementCsv(o: OfxStatementOptions): string {
  const rows = o.transactions.map((t) =>
    [
      csvDate(t.date),
      csvCell(t.memo),
      csvCell(t.checknum ?? ''),
      csvAmount(t.amountCents),
      csvCell(t.fitid),
    ].join(';'),
  );
  return `${['Data;Histórico;Documento;Valor;Identificador', ...rows].join('\r\n')}\r\n`;
}

export interface DemoStatementOptions {
  /** default the one whose account `bankAccountId` is, else the test condominium */
  condominium?: string;
  /** default the condominium's payment account */
  bankAccountId?: number;
  /** YYYY-MM; default the current month */
  month?: string;
  /** default now */
  now?: Date;
  /**
   * The shapes real banks' files take (#35): the balance written as lines, as Banco do Brasil does ("SALDO
   * ANTERIOR" first, "S A L D O" last), a second bank fee under the first one's FITID, a late resident's PIX that
   * names their CPF (the oldest open invoice and a 2% fine), and the water bill scheduled for three days after the
   * statement's end.
   */
  bankShapes?: boolean;
}

/** What `bankShapes` adds: a fee under a FITID already used, and a bill scheduled after the period. */
export const BANK_SHAPES = {
  secondFee: { memo: 'TARIFA PIX ENVIADO', amountCents: -210 },
  scheduled: { memo: 'AGENDAMENTO CONTA DE AGUA SANEAMENTO', amountCents: -41_237, fitid: 'AGUA', days: 3 },
} as const;

/** The two movements of the demo statement that nobody recorded in the ledger. */
export const DEMO_UNMATCHED = [
  { memo: 'TARIFA PACOTE SERVICOS', amountCents: -8_950, fitid: 'TAR' },
  { memo: 'PIX RECEBIDO - REMETENTE NAO IDENTIFICADO', amountCents: 35_000, fitid: 'PIX' },
] as const;

/**
 * The month's statement of a bank account, as its bank would send it: one transaction per ledger entry of the
 * account paid in the month (expenses as debits, revenues as credits, the entry's document number as CHECKNUM,
 * FITIDs stable across calls), plus a bank fee and an unidentified PIX credit that no entry explains. The
 * period runs from the 1st to today (a past month: its last day), or to its last movement when later; the
 * balance is the account's.
 */
export function demoStatementOfx(store: SandboxStore, opts: DemoStatementOptions = {}): string {
  return buildStatementOfx(monthStatement(store, opts));
}

/** The month's statement of the account (see demoStatementOfx), ready for either writer. */
export function monthStatement(store: SandboxStore, opts: DemoStatementOptions = {}): OfxStatementOptions {
  // account ids are unique across condominiums: an account alone names its condominium
  const owner =
    opts.condominium === undefined && opts.bankAccountId !== undefined
      ? (store.read(null, (tx) =>
          tx.prepare('SELECT condominium FROM bank_accounts WHERE id = ?').get(opts.bankAccountId),
        ) as { condominium: string } | undefined)
      : undefined;
  const slug = opts.condominium ?? owner?.condominium ?? TEST_CONDOMINIUM;
  return store.read(slug, (tx) => {
    if (!tx.condominiums.get(slug)) throw new Error(`no condominium ${slug} in the sandbox`);
    const account =
      opts.bankAccountId === undefined ? paymentAccountOf(tx) : tx.bankAccounts.get(opts.bankAccountId);
    if (!account) throw new Error(`no bank account ${opts.bankAccountId ?? '(payment)'} in ${slug}`);
    const today = todayIn(opts.now ?? new Date());
    const month = opts.month ?? today.slice(0, 7);
    const start = `${month}-01`;
    const lastOfMonth = addDays(`${month < '9999-12' ? nextMonth(month) : month}-01`, -1);
    const endByCalendar = today.startsWith(month) ? today : lastOfMonth;
    const entries = tx.entries.find(
      tx.entries.where().eq('bank_account_id', account.id).eq('period', month),
      {
        orderBy: ['paid_at', 'id'],
      },
    );
    // The sandbox plays the bank ahead of the calendar (a batch paid tomorrow is in this month's statement):
    // the period ends with its last movement when that is later than today, so every date lies inside it.
    const booked = entries.filter((e) => e.paid_at >= start && e.paid_at <= lastOfMonth);
    const end = booked.reduce((last, e) => (e.paid_at > last ? e.paid_at : last), endByCalendar);
    const transactions: OfxTransaction[] = booked.map((e) => ({
      fitid: `${month.replace('-', '')}${String(e.id).padStart(8, '0')}`,
      date: e.paid_at,
      amountCents: e.type === 'expense' ? -e.amount_cents : e.amount_cents,
      memo: (e.type === 'expense'
        ? `PAG ${e.payee ?? e.description}`
        : `CRED ${e.description}`
      ).toUpperCase(),
      checknum: e.document_number,
    }));
    for (const u of DEMO_UNMATCHED) {
      transactions.push({
        fitid: `${month.replace('-', '')}${u.fitid}`,
        date: end,
        amountCents: u.amountCents,
        memo: u.memo,
      });
    }
    // The bank's balance counts every movement of the statement; the account's counts the ledger's entries and
    // what earlier imports of these lines added. The movements no entry explains and no import has brought in yet
    // are what the balance is still without: the LEDGERBAL is the account's with them (it was the account's alone,
    // off by them: a month's report then disagreed with the bank's own figure).
    const recorded = tx.prepare(
      `SELECT 1 FROM statement_movements WHERE bank_account_id = ? AND fitid = ? AND amount_cents = ?
         AND coalesce(memo, '') = ? LIMIT 1`,
    );
    const imported = (t: OfxTransaction) =>
      recorded.get(account.id, t.fitid, t.amountCents, t.memo ?? '') !== undefined;
    const bookedFitids = new Set(transactions.map((t) => t.fitid).slice(0, booked.length));
    const balanceOnEnd = (all: readonly OfxTransaction[]) =>
      account.current_balance_cents +
      all
        .filter((t) => !bookedFitids.has(t.fitid) && t.date <= end && !imported(t))
        .reduce((sum, t) => sum + t.amountCents, 0);
    let closing: number | undefined;
    if (opts.bankShapes) {
      // a late resident pays the oldest open invoice by PIX, with a 2% fine, naming their CPF
      const owed = tx.invoices.first(
        tx.invoices.where().eq('state', 'issued').eq('bank_account_id', account.id),
        ['due_date', 'public_id'],
      );
      const unit = owed ? tx.units.get(owed.unit_id) : undefined;
      const resident =
        owed && unit
          ? {
              memo: `PIX RECEBIDO ${formatDocument(unit.owner_document)} ${unit.owner}`.toUpperCase(),
              amountCents: Math.round((owed.total_cents * 102) / 100),
            }
          : null;
      closing = withBankShapes(transactions, { month, start, end }, balanceOnEnd, resident);
    }
    return {
      bankCode: account.bank_code,
      agency: account.agency,
      account: account.account_number,
      accountType: account.type === 'savings' ? 'SAVINGS' : 'CHECKING',
      transactions,
      start,
      end,
      balanceCents: closing ?? balanceOnEnd(transactions),
    };
  });
}

/**
 * The month's lines as some banks write them (DemoStatementOptions.bankShapes): the balance as lines around the
 * movements (the closing one the LEDGERBAL, the opening one what the movements leave of it), a second fee that
 * reuses the first one's FITID, a late resident's PIX naming their CPF, and a bill dated after the statement's end.
 * The closing balance, once those movements are in.
 */
function withBankShapes(
  transactions: OfxTransaction[],
  period: { month: string; start: IsoDate; end: IsoDate },
  balanceOnEnd: (all: readonly OfxTransaction[]) => number,
  resident: { memo: string; amountCents: number } | null,
): number {
  const prefix = period.month.replace('-', '');
  const fee = transactions.find((t) => t.fitid === `${prefix}TAR`);
  if (fee) transactions.push({ ...BANK_SHAPES.secondFee, fitid: fee.fitid, date: fee.date });
  if (resident) transactions.push({ ...resident, fitid: `${prefix}PIXM`, date: period.end });
  const closingCents = balanceOnEnd(transactions);
  const moved = transactions.reduce((sum, t) => sum + t.amountCents, 0);
  transactions.unshift({
    fitid: `${prefix}SALDO0`,
    date: period.start,
    amountCents: closingCents - moved,
    memo: 'SALDO ANTERIOR',
    type: 'OTHER',
  });
  transactions.push({
    fitid: `${prefix}SALDO1`,
    date: period.end,
    amountCents: closingCents,
    memo: 'S A L D O',
    type: 'OTHER',
  });
  const s = BANK_SHAPES.scheduled;
  transactions.push({
    fitid: `${prefix}${s.fitid}`,
    date: addDays(period.end, s.days),
    amountCents: s.amountCents,
    memo: s.memo,
  });
  return closingCents;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * `demoStatementOfx` over a data dir's snapshot (a running sandbox writes it after every write), for the CLI
 * demo: write the text to a .ofx file and import it.
 */
export async function statementForDemo(
  dataDir: string,
  opts: DemoStatementOptions & { format?: 'ofx' | 'csv' } = {},
): Promise<string> {
  const store = SandboxStore.open(dataDir);
  try {
    const statement = monthStatement(store, opts);
    return opts.format === 'csv' ? buildStatementCsv(statement) : buildStatementOfx(statement);
  } finally {
    store.close();
  }
}
