import { isAbsolute } from 'node:path';
import type { Client } from '../client/index.js';
import type { Payable, Supplier } from '../client/types.js';
import {
  barcodeOf,
  type PreviewContext,
  type UnchangedRejection,
  unchangedPayeeData,
} from '../domain/batch-preview.js';
import { addDays } from '../domain/dates.js';
import { reviewDda } from '../domain/dda.js';
import type { Finding } from '../domain/message.js';
import type { Text } from '../domain/text.js';
import { occurrenceClass } from '../formats/cnab240/codes.js';
import { readCnab240Sync } from '../formats/cnab240/reader.js';
import { toSeuNumero } from '../formats/cnab240/seu-numero.js';

/** Where the preview's checks read from: the API, the profile's settings, and a warning for the person. */
export interface PreviewSources {
  /** the profile's setting (`dda_files`, `early_payment_days`), set or not */
  setting(name: 'dda_files' | 'early_payment_days'): string | number | undefined;
  warn(text: Text): void;
  /** a DDA finding in both languages (dda-files.ts readDdaFiles) */
  sayFinding?: (line: number | undefined, finding: Finding) => Text;
}

/**
 * What the batch preview needs besides the marked payables (#28 point 4), read from the API the spec serves:
 * the other payables around their due dates (duplicates), and for each one the bank rejected before, the file
 * that carried it, to see whether the payee data it refused is still the payable's.
 */
export async function previewContext(
  client: Client,
  sources: PreviewSources,
  marked: readonly Payable[],
): Promise<PreviewContext> {
  const dues = marked
    .map((p) => p.due_date)
    .filter((d): d is string => typeof d === 'string')
    .sort();
  const earlyDays = earlyPaymentDays(sources);
  if (dues.length === 0) return { earlyDays };
  // a duplicate bill carries the same due date, or one near it when typed by hand
  const window = { due_from: addDays(dues[0] as string, -45), due_to: addDays(dues.at(-1) as string, 45) };
  const rejected = marked.filter((p) => {
    const code = p.last_return?.code;
    return code !== undefined && /rejected-to-correct|settled/.test(occurrenceClass(code));
  });
  const [others, suppliers] = await Promise.all([
    client.payables.list(window, { all: true }),
    rejected.length > 0 ? client.suppliers.list().catch(() => []) : Promise.resolve([]),
  ]);
  const unchanged = new Map<string, UnchangedRejection>();
  const supplierOf = new Map<number, Supplier>([...suppliers].map((s) => [s.id, s]));
  const files = new Map<string, Promise<SentFile | null>>();
  await Promise.all(
    rejected.map(async (p) => {
      const detail = await client.payables.get(p.public_id);
      const step = [...(detail.batch_history ?? [])].reverse().find((h) => h.outcome === 'rejected');
      if (!step) return;
      if (!files.has(step.batch_id)) files.set(step.batch_id, remittanceOf(client, step.batch_id));
      const file = await files.get(step.batch_id);
      // the seu número the batch sent it under (a Caixa batch numbers its payments; others carry the id's end)
      const seuNumero = file?.seuNumeroOf.get(p.public_id) ?? toSeuNumero(p.public_id);
      const sent = file?.cnab.items.find((i) => i.seu_numero?.trim() === seuNumero);
      if (!sent) return;
      const supplier = typeof p.supplier_id === 'number' ? supplierOf.get(p.supplier_id) : undefined;
      const what = unchangedPayeeData(sent, {
        forma: p.forma_pagamento,
        barcode: barcodeOf(p),
        pix_key: supplier?.pix_key ?? null,
        bank: supplier?.bank ?? null,
      });
      const last = p.last_return;
      if (what && last)
        unchanged.set(p.public_id, {
          code: String(last.code ?? ''),
          message: String(last.message ?? ''),
          at: String(last.at ?? ''),
          what,
        });
    }),
  );
  const notInDda = await notInDdaFiles(client, sources, marked, suppliers.length > 0 ? suppliers : undefined);
  return {
    earlyDays,
    others: [...others],
    unchangedSinceRejection: unchanged,
    ...(notInDda ? { notInDda } : {}),
  };
}

/**
 * The marked boletos that the profile's DDA files (`condo config set dda_files 'banco/DDA-*.ret'`) do not list, or
 * list under another beneficiary: the preview warns of each before it is paid. No setting, no check.
 */
async function notInDdaFiles(
  client: Client,
  sources: PreviewSources,
  marked: readonly Payable[],
  known: readonly Supplier[] | undefined,
): Promise<Map<string, string | null> | undefined> {
  const pattern = String(sources.setting('dda_files') ?? '');
  if (!pattern || !marked.some((p) => p.forma_pagamento === 'boleto')) return undefined;
  const { boletoPayablesOf, readDdaFiles } = await import('./dda-files.js');
  const { paths, boletos } = await readDdaFiles(
    pattern.split(/\s+/).filter(Boolean),
    { allowEmpty: true },
    sources.sayFinding,
  );
  // no file is no list to check against: every boleto would read as one no DDA lists, a warning nobody heeds
  if (paths.length === 0) {
    const from = isAbsolute(pattern) ? '' : ` (${process.cwd()})`;
    sources.warn({
      en: `dda_files "${pattern}" matches no file${from}: the boletos were not checked against the DDA`,
      pt: `dda_files "${pattern}" não corresponde a nenhum arquivo${from}: os boletos não foram conferidos com o DDA`,
    });
    return undefined;
  }
  const suppliers = known ?? (await client.suppliers.list());
  const found = reviewDda(boletos, boletoPayablesOf(marked, suppliers), new Map());
  return new Map(found.notInDda.map((f) => [f.payable.public_id, f.beneficiary_document]));
}

interface SentFile {
  cnab: ReturnType<typeof readCnab240Sync>;
  seuNumeroOf: Map<string, string>;
}

/** A batch's remittance, read; null when it cannot be had (a server without the file, a file not ours). */
async function remittanceOf(client: Client, batchId: string): Promise<SentFile | null> {
  try {
    const [batch, download] = await Promise.all([
      client.batches.get(batchId),
      client.batches.download(batchId),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of download.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const seuNumeroOf = new Map<string, string>();
    for (const item of batch.payables ?? [])
      if (typeof item.public_id === 'string' && typeof item.seu_numero === 'string')
        seuNumeroOf.set(item.public_id, item.seu_numero);
    return { cnab: readCnab240Sync(Buffer.concat(chunks)), seuNumeroOf };
  } catch {
    return null;
  }
}

/** The profile's `early_payment_days` (condo config set [--firm] early_payment_days N), else the default. */
function earlyPaymentDays(sources: PreviewSources): number | undefined {
  const days = Number(sources.setting('early_payment_days'));
  return Number.isInteger(days) && days >= 0 ? days : undefined;
}
