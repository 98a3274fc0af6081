/**
 * The bank simulator behind `condo sandbox bank-return`: plays the paying bank by turning a CNAB 240 payment
 * remittance (.rem) into its return (.ret) with real FEBRABAN occurrence codes.
 *
 *   00  paid: "Crédito ou débito efetivado", with the paid amount and date filled in
 *   BD  scheduled: "Inclusão efetuada com sucesso" (with `scheduleOnly`)
 *   a rejection, chosen per item by a seeded generator from the codes that fit the payment:
 *     PIX by key     PJ chave não cadastrada no DICT, PM chave de pagamento inválida,
 *                    PG CPF/CNPJ do recebedor incorreto, HF saldo insuficiente
 *     PIX by account PD tipo incorreto para a conta, PC conta encerrada no PSP, AN conta/DV inválida, HF
 *     TED/DOC        AM agência do favorecido inválida, AN conta/DV do favorecido inválida,
 *                    BG agência/conta impedida legalmente, AL banco do favorecido inválido, HF
 *                    (plus AG agência/conta/DV inválido, except at Itaú, where AG means "lote inválido")
 *     boleto         CC código de barras: DV geral inválido, ZK boleto já liquidado, CF valor do documento
 *                    inválido, HF
 *
 * Pure: the same remittance and options always give the same return. Without a seed, the seed is derived from
 * the remittance's text, so rerunning on a file reproduces its outcome.
 */
import { createHash } from 'node:crypto';
import { isIsoDate } from '../domain/dates.js';
import { seededRandom } from '../domain/random.js';
import { type CnabItem, readCnab240Sync, toSeuNumero, writePaymentReturn } from '../formats/cnab240/index.js';

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

function rejectionCodes(item: CnabItem, bankCode: string): string[] {
  if (item.segment === 'J' || item.segment === 'O' || item.segment === 'N') return BOLETO_REJECTIONS;
  if (item.forma === '45' || item.forma === '47') {
    return item.pix_key ? PIX_KEY_REJECTIONS : PIX_ACCOUNT_REJECTIONS;
  }
  return bankCode === '341' ? TRANSFER_REJECTIONS : [...TRANSFER_REJECTIONS, 'AG'];
}

function fail(message: string): never {
  throw new Error(message);
}

export function simulateBankReturn(remittance: string, opts: BankReturnOptions = {}): SimulatedReturn {
  if (typeof remittance !== 'string' || remittance.trim() === '') fail('the remittance file is empty');
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

  const parsed = readCnab240Sync(remittance);
  if (parsed.errors.length > 0) {
    const e = parsed.errors[0]!;
    fail(`not a readable CNAB 240 file: line ${e.line}: ${e.message}`);
  }
  if (parsed.service !== 'payment') fail('not a payment remittance: this is a collection (cobrança) file');
  if (parsed.direction !== 'remessa') fail('not a remittance: this file is already a bank return');
  if (parsed.truncated) fail('the remittance is truncated (no file trailer, or a lote without its trailer)');
  const payments = parsed.items.filter((i) => ['A', 'J', 'O', 'N'].includes(i.segment));
  if (payments.length === 0) fail('the remittance has no payments');

  const inFile = new Set(payments.map((i) => toSeuNumero(i.seu_numero ?? '')));
  const toReject = new Map<string, string | undefined>();
  for (const wanted of opts.reject ?? []) {
    const [, id = String(wanted), code] = /^(.*):([A-Z0-9]{2})$/i.exec(String(wanted)) ?? [];
    const seu = toSeuNumero(id);
    if (!seu || !inFile.has(seu)) {
      fail(`cannot reject "${wanted}": no payment with that seu número in the remittance`);
    }
    toReject.set(seu, code?.toUpperCase());
  }

  const seed =
    opts.seed ?? createHash('sha256').update(remittance).digest().readUInt32BE(0) /* stable per file */;
  const next = seededRandom(seed);
  const bankCode = parsed.bank_code ?? '000';
  const counts = { paid: 0, scheduled: 0, rejected: 0 };
  const text = writePaymentReturn(remittance, (item) => {
    // two draws per item, always, so one item's fate does not shift the next one's
    const roll = next();
    const pick = next();
    const seu = toSeuNumero(item.seu_numero ?? '');
    if (toReject.has(seu) || (rate > 0 && roll < rate)) {
      const codes = rejectionCodes(item, bankCode);
      counts.rejected++;
      return { code: toReject.get(seu) ?? codes[Math.floor(pick * codes.length)] ?? 'HF' };
    }
    if (opts.scheduleOnly) {
      counts.scheduled++;
      return { code: 'BD' };
    }
    counts.paid++;
    return { code: '00', ...(opts.paymentDate ? { paidDate: opts.paymentDate } : {}) };
  });
  return { text, ...counts };
}
