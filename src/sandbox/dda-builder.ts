/**
 * The sandbox plays the bank's DDA (`condo sandbox dda`): the day's file of the boletos registered against a
 * condominium's CNPJ, in its payment account's bank variant (Itaú's lote header differs from Bradesco's).
 *
 * Which boletos the bank registered: those issued with the sandbox bank's own free field (its seed's bills and
 * the demo's boletos carry it). A boleto typed by hand with any other was never registered against the
 * condominium, as a fake's would not be: `condo dda check` says so. The file also lists:
 * - the seeded elevator bill with its due date put off five days since it was entered (a prorrogação: the
 *   barcode stays, the registration changes): it changed;
 * - a cleaning-material boleto from a known supplier that nobody has entered yet.
 */

import { buildBoleto, parseBoletoCode } from '../domain/boleto/index.js';
import { addDays, type IsoDate, todayIn } from '../domain/dates.js';
import { digitsOnly } from '../domain/digits.js';
import { UNPAID_STATES } from '../domain/payables.js';
import type { DdaBoletoInput } from '../formats/cnab240/index.js';
import { writeDdaFile } from '../formats/cnab240/index.js';
import { TEST_CONDOMINIUM } from './seed/index.js';
import { paymentAccountOf } from './services/lookups.js';
import { splitAccount } from './services/remittance.js';
import { SandboxStore } from './store.js';

/** The free field of the boletos the sandbox's bank registers (its seed's and the demo's). */
export const REGISTERED_FREE_FIELD = '1090000123400012345678000';

/** The seeded bill the beneficiary changed after it was entered, and how many days it put its due date off. */
const CHANGED_BILL = 'Manutenção preventiva dos elevadores';
const PUT_OFF_DAYS = 5;

/**
 * The boleto nobody entered: a known supplier's, due three days after the changed bill's registered date (a date
 * the seed fixed, so every day's file lists the same boleto until it is paid).
 */
const NEW_BOLETO = {
  supplier: /Brilho/,
  amountCents: 124_590,
  daysAfterChanged: 3,
  documentNumber: 'NF 9120',
  // Bradesco's free field: agência, carteira 09, nosso número, conta, 0
  freeField: '3321090000091200712345000',
};

export interface DdaOptions {
  condominium?: string;
  /** The file's day (YYYY-MM-DD); default today. */
  date?: IsoDate;
  now?: Date;
}

export function ddaFileOf(store: SandboxStore, opts: DdaOptions = {}): string {
  const slug = opts.condominium ?? TEST_CONDOMINIUM;
  const day = opts.date ?? todayIn(opts.now ?? new Date());
  return store.read(slug, (tx) => {
    const condo = tx.condominiums.get(slug);
    if (!condo) throw new Error(`no condominium ${slug} in the sandbox`);
    const account = paymentAccountOf(tx);
    if (!account) throw new Error(`${slug} has no payment account`);
    const suppliers = new Map(tx.suppliers.find().map((s) => [s.id, s]));
    const boletos: DdaBoletoInput[] = [];
    const barcodes = new Map<string, string>();
    let changedDue: IsoDate | undefined;
    for (const p of tx.payables.find(tx.payables.where().eq('forma_pagamento', 'boleto'), {
      orderBy: ['due_date'],
    })) {
      if (!p.document_number) continue;
      const code = parseBoletoCode(p.document_number, { referenceDate: p.due_date });
      if (!code.ok || code.kind !== 'boleto') continue;
      barcodes.set(code.barcode, p.state);
      // the registered due date is the barcode's: neither a payment nor --apply-changes moves it
      const registered = code.dueDate ?? p.due_date;
      const changed = p.description === CHANGED_BILL;
      if (changed) changedDue = registered;
      const supplier = p.supplier_id == null ? undefined : suppliers.get(p.supplier_id);
      if (!UNPAID_STATES.has(p.state) || code.freeField !== REGISTERED_FREE_FIELD || !supplier) continue;
      boletos.push({
        barcode: code.barcode,
        beneficiary: { document: supplier.document, name: supplier.name },
        dueDate: changed ? addDays(registered, PUT_OFF_DAYS) : registered,
        amountCents: code.amountCents || p.amount,
        documentNumber: p.public_id.slice(-10),
        issueDate: p.created_at.slice(0, 10),
        ...(changed ? { movement: '02' } : {}),
        payer: { document: condo.document, name: condo.name },
      });
    }
    const cleaner = [...suppliers.values()].find((s) => NEW_BOLETO.supplier.test(s.name));
    const dueDate = addDays(changedDue ?? addDays(day, 12), NEW_BOLETO.daysAfterChanged);
    const { barcode } = buildBoleto({
      bankCode: '237',
      dueDate,
      amountCents: NEW_BOLETO.amountCents,
      freeField: NEW_BOLETO.freeField,
    });
    // listed until it is paid: entered or not, an unpaid title stays in the bank's DDA
    const state = barcodes.get(barcode);
    if (cleaner && (state === undefined || UNPAID_STATES.has(state))) {
      boletos.push({
        barcode,
        beneficiary: { document: cleaner.document, name: cleaner.name },
        dueDate,
        amountCents: NEW_BOLETO.amountCents,
        documentNumber: NEW_BOLETO.documentNumber,
        issueDate: day,
        fine: { code: '2', date: addDays(dueDate, 1), valueCents: 200 },
        interestPerDayCents: Math.round(NEW_BOLETO.amountCents * 0.00033),
        payer: { document: condo.document, name: condo.name },
      });
    }
    const { account: accountNumber, digit } = splitAccount(account.account_number);
    return writeDdaFile({
      bankCode: account.bank_code,
      bankName: account.bank_name,
      company: {
        name: condo.name,
        document: condo.document,
        agency: digitsOnly(account.agency),
        account: accountNumber,
        accountDigit: digit,
      },
      generatedAt: `${day}T06:00:00`,
      // one file a day: the day is its sequence
      fileSequence: Number(day.replaceAll('-', '').slice(2)),
      boletos,
    });
  });
}

/** `condo sandbox dda`: the day's DDA file of a condominium, read from a sandbox data dir. */
export function ddaForDemo(dataDir: string, opts: DdaOptions = {}): string {
  const store = SandboxStore.open(dataDir);
  try {
    return ddaFileOf(store, opts);
  } finally {
    store.close();
  }
}
