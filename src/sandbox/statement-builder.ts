/**
 * Bank statements written the way Brazilian banks export them, for `condo sandbox statement`, the demo and the
 * tests: OFX 1.x (SGML, header `CHARSET:1252`, CRLF, unclosed leaf elements, ASCII only) and `;`-separated CSV.
 * `buildStatementOfx` (formats/ofx/writer.ts, which the CLI uses too) and `buildStatementCsv` are pure; `monthStatement` reads the month's movements of a
 * condominium's payment account from its ledger (what reconciliation will match) plus two movements nobody
 * recorded; `statementForDemo` does the same from a data dir. Independent OFX readers accept what it writes:
 * no empty element, and every transaction inside DTSTART..DTEND (but the scheduled one `bankShapes` adds, on
 * purpose).
 */
import { addDays, type IsoDate, todayIn } from '../domain/dates.js';
import { formatDocument } from '../domain/documents.js';
import { centsToText } from '../domain/money.js';
import { buildStatementOfx, type OfxStatementOptions, type OfxTransaction } from '../formats/ofx/writer.js';

export { buildStatementOfx, type OfxStatementOptions, type OfxTransaction };

import { writeCnabStatement } from '../formats/cnab240/statement.js';
import { TEST_CONDOMINIUM } from './seed/index.js';
import { paymentAccountOf } from './services/lookups.js';
import { splitAccount } from './services/remittance.js';
import { SandboxStore } from './store.js';

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

/**
 * The same statement as a CNAB 240 extrato for reconciliation (formats/cnab240/statement.ts), in the layout of
 * the account's bank or of `bankCode`: the period's movements between its opening balance (the closing one less
 * them) and its closing balance.
 */
export function buildStatementCnab(m: MonthStatement, bankCode: string, generatedAt: string): string {
  const movements = m.transactions.filter((t) => t.date >= m.start && t.date <= m.end);
  const closing = m.balanceCents ?? 0;
  const net = movements.reduce((sum, t) => sum + t.amountCents, 0);
  const { account, digit } = splitAccount(m.account);
  const [agency = '', agencyDigit = ''] = (m.agency ?? '').split('-');
  return writeCnabStatement({
    bankCode,
    bankName: m.bankName,
    company: m.holder,
    agency,
    agencyDigit,
    account,
    accountDigit: digit,
    opening: { date: m.start, cents: closing - net },
    closing: { date: m.end, cents: closing },
    movements: movements.map((t) => ({
      date: t.date,
      amountCents: t.amountCents,
      historyCode: t.amountCents < 0 ? '0105' : '0205',
      history: t.memo,
      document: t.checknum ?? null,
    })),
    generatedAt,
    // one extrato a month: its year and month (yymm) number it, in the lote header's 5 positions too
    fileSequence: Number(m.end.slice(2, 7).replace('-', '')),
  });
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
  scheduled: { memo: 'AGENDAMENTO CONTA DE AGUA DAERP', amountCents: -41_237, fitid: 'AGUA', days: 3 },
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

/** The month's statement and whose it is: the account's holder and bank, for a CNAB 240 extrato's headers. */
export interface MonthStatement extends OfxStatementOptions {
  holder: { name: string; document: string };
  bankName: string;
}

/** The month's statement of the account (see demoStatementOfx), ready for any writer. */
export function monthStatement(store: SandboxStore, opts: DemoStatementOptions = {}): MonthStatement {
  // account ids are unique across condominiums: an account alone names its condominium
  const owner =
    opts.condominium === undefined && opts.bankAccountId !== undefined
      ? (store.read(null, (tx) =>
          tx.prepare('SELECT condominium FROM bank_accounts WHERE id = ?').get(opts.bankAccountId),
        ) as { condominium: string } | undefined)
      : undefined;
  const slug = opts.condominium ?? owner?.condominium ?? TEST_CONDOMINIUM;
  return store.read(slug, (tx) => {
    const condominium = tx.condominiums.get(slug);
    if (!condominium) throw new Error(`no condominium ${slug} in the sandbox`);
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
    // The bank lives on today's date (#52): the statement ends today (a past month: its last day), and what the
    // ledger dates later (a payment a return reported for its day ahead) is not in it yet, nor in its balance.
    const end = endByCalendar;
    const booked = entries.filter((e) => e.paid_at >= start && e.paid_at <= end);
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
    // the account's balance today less what it counts dated after the end: the entries, and the statement
    // movements no entry explains (an import added those to the balance itself)
    const after = tx
      .prepare(
        `SELECT coalesce((SELECT sum(CASE WHEN type = 'revenue' THEN amount_cents ELSE -amount_cents END)
            FROM account_entries WHERE bank_account_id = ? AND paid_at > ?), 0)
          + coalesce((SELECT sum(amount_cents) FROM statement_movements
            WHERE bank_account_id = ? AND reconciled = 0 AND date > ?), 0) AS cents`,
      )
      .get(account.id, end, account.id, end) as { cents: number };
    const balanceOnEnd = (all: readonly OfxTransaction[]) =>
      account.current_balance_cents -
      after.cents +
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
      holder: { name: condominium.name, document: condominium.document },
      bankName: account.bank_name,
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
  opts: DemoStatementOptions & { format?: 'ofx' | 'csv' | 'cnab240'; bank?: string } = {},
): Promise<string> {
  const store = SandboxStore.open(dataDir);
  try {
    const statement = monthStatement(store, opts);
    if (opts.format === 'cnab240') {
      const now = (opts.now ?? new Date()).toISOString();
      return buildStatementCnab(
        statement,
        opts.bank ?? statement.bankCode,
        `${statement.end}T${now.slice(11, 19)}`,
      );
    }
    return opts.format === 'csv' ? buildStatementCsv(statement) : buildStatementOfx(statement);
  } finally {
    store.close();
  }
}
