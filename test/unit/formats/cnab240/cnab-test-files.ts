// Remittances of many lotes for the tests of a file read in two halves (halves.test.ts, app/cnab-halves.test.ts).
import { writePaymentRemittance } from '../../../../src/formats/cnab240/index.js';
import { sampleInput, samplePayments } from './fixtures.js';

export const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** A record with `text` written at its 1-based `position`. */
export const at = (record: string, position: number, text: string) =>
  record.slice(0, position - 1) + text + record.slice(position - 1 + text.length);

/** Records as a file's bytes, each ended by `end`. */
export const lines = (records: string[], end = '\r\n') => bytesOf(records.map((r) => `${r}${end}`).join(''));

/**
 * A remittance of many lotes: the sample's (a lote for each forma, each of its payments twice) repeated `times`
 * times, each lote renumbered and the file trailer counting them all.
 */
export function manyLotes(times = 5, dialect: 'febraban' | 'itau-sispag' = 'febraban'): string[] {
  const payments = [...samplePayments(), ...samplePayments()];
  const [header, ...rest] = writePaymentRemittance(sampleInput(payments, dialect)).split('\r\n').slice(0, -1);
  const trailer = rest.pop() as string;
  const lotes = Array.from({ length: times }, () => rest).flat();
  let lote = 0;
  const renumbered = lotes.map((r) => at(r, 4, String(r[7] === '1' ? ++lote : lote).padStart(4, '0')));
  const counts = `${String(lote).padStart(6, '0')}${String(renumbered.length + 2).padStart(6, '0')}`;
  return [header as string, ...renumbered, at(trailer, 18, counts)];
}
