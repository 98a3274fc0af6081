/**
 * The bank simulator behind `condo sandbox bank-return`: plays the paying bank by turning a CNAB 240 payment
 * remittance (.rem) into its return (.ret) with real FEBRABAN occurrence codes.
 *
 *   00  paid: "Crédito ou débito efetivado", with the paid amount and date filled in
 *   BD  scheduled: "Inclusão efetuada com sucesso": a payment whose date has not come (the bank lives on `today`,
 *       #52: it never reports as paid on the 27th what it will pay on the 30th), or every one with `scheduleOnly`
 *   a rejection, chosen per item by a seeded generator from the codes that fit the payment:
 *     PIX by key     PJ chave não cadastrada no DICT, PM chave de pagamento inválida,
 *                    PG CPF/CNPJ do recebedor incorreto, HF saldo insuficiente
 *     PIX by account PD tipo incorreto para a conta, PC conta encerrada no PSP, AN conta/DV inválida, HF
 *     TED/DOC        AM agência do favorecido inválida, AN conta/DV do favorecido inválida,
 *                    BG agência/conta impedida legalmente, AL banco do favorecido inválido, HF
 *                    (plus AG agência/conta/DV inválido, except at Itaú, where AG means "lote inválido")
 *     boleto         CC código de barras: DV geral inválido, ZK boleto já liquidado, CF valor do documento
 *                    inválido, HF
 *   AK, always, for a DOC (câmara 700) paid after DOC ended on 29/02/2024: the câmara is refused
 *
 * Pure: the same remittance and options always give the same return. Without a seed, the seed is derived from
 * the remittance's text, so rerunning on a file reproduces its outcome.
 */
import { createHash } from 'node:crypto';
import { afterDocEnded } from '../domain/business-days.js';
import { isIsoDate } from '../domain/dates.js';
import { type Message, withFinding } from '../domain/message.js';
import { seededRandom } from '../domain/random.js';
import { bankFinding } from '../formats/cnab240/bank-findings.js';
import {
  CAMARA,
  Cnab240Reader,
  type CnabFile,
  type CnabItem,
  PaymentReturnWriter,
  RecordChunks,
  type ReturnDecision,
  toSeuNumero,
} from '../formats/cnab240/index.js';
import { PAYMENT_DETAIL_SEGMENTS } from '../formats/cnab240/return-acceptance.js';

export interface BankReturnOptions {
  /** seu números (or payable public ids) to reject; `SEU:CODE` rejects it with that code (e.g. `…:ZK`) */
  reject?: string[];
  /** probability 0..1 of rejecting each other payment */
  rejectRate?: number;
  /** accept without paying: every payment not rejected gets BD (scheduled) instead of 00 (paid) */
  scheduleOnly?: boolean;
  /** seed of the generator that picks rejections and their codes (default: derived from the file) */
  seed?: number;
  /** the payment date written for paid items, YYYY-MM-DD (default: each item's own date) */
  paymentDate?: string;
  /**
   * the bank's today, YYYY-MM-DD: a payment dated after it is scheduled (BD), not paid; the bank pays it on its
   * date, and a return asked for then says so. Without it every accepted payment is paid on its date.
   */
  today?: string;
}

export interface SimulatedReturn {
  text: string;
  paid: number;
  scheduled: number;
  rejected: number;
}

const PIX_KEY_REJECTIONS = ['PJ', 'PM', 'PG', 'HF'];
const PIX_ACCOUNT_REJECTIONS = ['PD', 'PC', 'AN', 'HF'];
const TRANSFER_REJECTIONS = ['AM', 'AN', 'BG', 'AL', 'HF'];
const BOLETO_REJECTIONS = ['CC', 'ZK', 'CF', 'HF'];
// Santander's ZK is an authorization begun in Internet Banking, not a refusal (formats/cnab240/codes.ts): its
// barcode's value refused instead
const SANTANDER_BOLETO_REJECTIONS = ['CC', 'CD', 'CF', 'HF'];

function rejectionCodes(item: CnabItem, bankCode: string): string[] {
  if (item.segment === 'J' || item.segment === 'O' || item.segment === 'N')
    return bankCode === '033' ? SANTANDER_BOLETO_REJECTIONS : BOLETO_REJECTIONS;
  if (item.forma === '45' || item.forma === '47') {
    return item.pix_key ? PIX_KEY_REJECTIONS : PIX_ACCOUNT_REJECTIONS;
  }
  return bankCode === '341' ? TRANSFER_REJECTIONS : [...TRANSFER_REJECTIONS, 'AG'];
}

/** Refuses the run: a message by its code (bank-findings.ts) is kept beside the English, for the CLI to say. */
function fail(message: string | Message): never {
  if (typeof message === 'string') throw new Error(message);
  throw withFinding(new Error(message.message), message);
}

function checkOptions(opts: BankReturnOptions): void {
  const rate = opts.rejectRate ?? 0;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    fail(`reject rate must be a number from 0 to 1, got ${opts.rejectRate}`);
  }
  if (opts.seed !== undefined && !Number.isSafeInteger(opts.seed)) {
    fail(`seed must be an integer, got ${opts.seed}`);
  }
  if (opts.paymentDate !== undefined && !isIsoDate(opts.paymentDate)) {
    fail(`payment date must be YYYY-MM-DD, got "${opts.paymentDate}"`);
  }
  if (opts.today !== undefined && !isIsoDate(opts.today))
    fail(`today must be YYYY-MM-DD, got "${opts.today}"`);
}

/** What the simulator needs to know of a remittance before it answers it: read in one pass, items not kept. */
class RemittanceFacts {
  readonly reader: Cnab240Reader;
  readonly seuNumeros = new Set<string>();
  payments = 0;
  private readonly hash = createHash('sha256');

  constructor(keepSeuNumeros: boolean) {
    this.reader = new Cnab240Reader({
      keepItems: false,
      onItem: (i) => {
        if (!PAYMENT_DETAIL_SEGMENTS.has(i.segment)) return;
        this.payments++;
        if (keepSeuNumeros) this.seuNumeros.add(toSeuNumero(i.seu_numero ?? ''));
      },
    });
  }

  write(chunk: Uint8Array | string): void {
    this.hash.update(chunk);
    this.reader.write(chunk);
  }

  /** The file as read, refused unless it is a whole payment remittance with payments; the seed it implies. */
  end(): { file: CnabFile; seedOfFile: number } {
    const parsed = this.reader.end();
    if (parsed.errors.length > 0) {
      const e = parsed.errors[0]!;
      fail(`not a readable CNAB 240 file: line ${e.line}: ${e.message}`);
    }
    if (parsed.service !== 'payment') fail(bankFinding('bank.not-payment', {}));
    if (parsed.direction !== 'remessa') fail(bankFinding('bank.not-remittance', {}));
    if (parsed.truncated) fail(bankFinding('bank.truncated', {}));
    if (this.payments === 0) fail(bankFinding('bank.no-payments', {}));
    return { file: parsed, seedOfFile: this.hash.digest().readUInt32BE(0) /* stable per file */ };
  }
}

/** The bank's answer to each payment, and the counts of each kind, as the options ask. */
function decider(facts: RemittanceFacts, bankCode: string, seedOfFile: number, opts: BankReturnOptions) {
  const toReject = new Map<string, string | undefined>();
  for (const wanted of opts.reject ?? []) {
    const [, id = String(wanted), code] = /^(.*):([A-Z0-9]{2})$/i.exec(String(wanted)) ?? [];
    const seu = toSeuNumero(id);
    if (!seu || !facts.seuNumeros.has(seu)) {
      // a Caixa file numbers its payments (6 digits): a payable's id is not in it, only its number is
      fail(
        bankFinding('bank.no-such-payment', {
          wanted: String(wanted),
          caixa: bankCode === '104' ? 'yes' : '',
        }),
      );
    }
    toReject.set(seu, code?.toUpperCase());
  }
  const rate = opts.rejectRate ?? 0;
  const next = seededRandom(opts.seed ?? seedOfFile);
  const counts = { paid: 0, scheduled: 0, rejected: 0 };
  const decide = (item: CnabItem): ReturnDecision => {
    // two draws per item, always, so one item's fate does not shift the next one's
    const roll = next();
    const pick = next();
    const seu = toSeuNumero(item.seu_numero ?? '');
    // a DOC to be paid after DOC ended (29/02/2024): no bank takes it; FEBRABAN's AK, the câmara refused
    if (item.camara === CAMARA.doc && afterDocEnded(item.date) && !toReject.has(seu)) {
      counts.rejected++;
      return { code: 'AK' };
    }
    if (toReject.has(seu) || (rate > 0 && roll < rate)) {
      const codes = rejectionCodes(item, bankCode);
      counts.rejected++;
      return { code: toReject.get(seu) ?? codes[Math.floor(pick * codes.length)] ?? 'HF' };
    }
    const due = opts.paymentDate ?? item.date;
    if (opts.scheduleOnly || (opts.today !== undefined && due !== null && due > opts.today)) {
      counts.scheduled++;
      return { code: 'BD' };
    }
    counts.paid++;
    return { code: '00', ...(opts.paymentDate ? { paidDate: opts.paymentDate } : {}) };
  };
  return { decide, counts };
}

export function simulateBankReturn(remittance: string, opts: BankReturnOptions = {}): SimulatedReturn {
  if (typeof remittance !== 'string' || remittance.trim() === '') fail(bankFinding('bank.empty', {}));
  checkOptions(opts);
  const facts = new RemittanceFacts(Boolean(opts.reject?.length));
  facts.write(remittance);
  const { file, seedOfFile } = facts.end();
  const { decide, counts } = decider(facts, file.bank_code ?? '000', seedOfFile, opts);
  // checked above (RemittanceFacts): read once more to answer, not twice
  const text = PaymentReturnWriter.whole(remittance, decide);
  return { text, ...counts };
}

/**
 * The same answer to a remittance read from `open()` (called twice: the file is read once to check it and once
 * to answer it), written a megabyte at a time as `chunks` is read (#32: a remittance of 400,000 payments is
 * 194 MB, and the answer held whole took 1.9 GB). The counts are whole once `chunks` has ended.
 */
export async function streamBankReturn(
  open: () => AsyncIterable<Uint8Array>,
  opts: BankReturnOptions = {},
): Promise<{ chunks: AsyncGenerator<Buffer>; counts: Omit<SimulatedReturn, 'text'> }> {
  checkOptions(opts);
  const facts = new RemittanceFacts(Boolean(opts.reject?.length));
  let bytes = 0;
  for await (const chunk of open()) {
    bytes += chunk.length;
    facts.write(chunk);
  }
  if (bytes === 0) fail(bankFinding('bank.empty', {}));
  const { file, seedOfFile } = facts.end();
  const { decide, counts } = decider(facts, file.bank_code ?? '000', seedOfFile, opts);
  async function* chunks(): AsyncGenerator<Buffer> {
    const writer = new PaymentReturnWriter(decide);
    const pieces = new RecordChunks();
    for await (const chunk of open()) {
      const piece = pieces.add(writer.write(chunk));
      if (piece !== null) yield Buffer.from(piece, 'latin1');
    }
    for (const piece of [pieces.add(writer.end()), pieces.end()])
      if (piece !== null) yield Buffer.from(piece, 'latin1');
  }
  return { chunks: chunks(), counts };
}
