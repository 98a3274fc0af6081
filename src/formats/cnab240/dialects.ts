/**
 * The CNAB 240 payment dialects: which layouts and version numbers a bank's "pagamento a fornecedores" file
 * uses. The writer writes the paying account's bank's dialect; the reader recognises a dialect from the file
 * header and names it (`cnab inspect` prints it).
 *
 * Only Itaú SISPAG moves fields (layouts.ts, with the manual cited); the other banks take FEBRABAN's generic
 * layout v10.x as it is, under the version numbers below.
 */
import {
  FILE_HEADER,
  FILE_HEADER_ITAU,
  type Layout,
  LOTE_HEADER,
  LOTE_HEADER_ITAU,
  SEGMENT_A,
  SEGMENT_A_ITAU,
  SEGMENT_J,
  SEGMENT_J_ITAU,
  SEGMENT_O,
  SEGMENT_O_ITAU,
} from './layouts.js';

export type DialectId = 'febraban' | 'itau-sispag';

export interface Dialect {
  id: DialectId;
  /** As `cnab inspect` names it. */
  name: string;
  /** The document the layouts follow. */
  manual: string;
  fileHeader: Layout;
  loteHeader: Layout;
  segmentA: Layout;
  segmentJ: Layout;
  segmentO: Layout;
  /** Version numbers written in the file header and in each family's lote header. */
  versions: { file: string; loteA: string; loteJ: string; loteO: string };
  /** Segment O carries the 48-digit linha (with its check digits) rather than the 44-digit barcode. */
  arrecadacaoAsLinha: boolean;
}

export const FEBRABAN: Dialect = {
  id: 'febraban',
  name: 'FEBRABAN 240',
  manual: 'FEBRABAN, Layout Padrão de Arquivos 240 posições, v10.11',
  fileHeader: FILE_HEADER,
  loteHeader: LOTE_HEADER,
  segmentA: SEGMENT_A,
  segmentJ: SEGMENT_J,
  segmentO: SEGMENT_O,
  // file layout 103 (v10.x); lote layouts by segment family
  versions: { file: '103', loteA: '046', loteJ: '040', loteO: '012' },
  arrecadacaoAsLinha: false,
};

export const ITAU_SISPAG: Dialect = {
  id: 'itau-sispag',
  name: 'Itaú SISPAG',
  manual: 'Itaú Unibanco, SISPAG — Layout de arquivos CNAB 240, v086',
  fileHeader: FILE_HEADER_ITAU,
  loteHeader: LOTE_HEADER_ITAU,
  segmentA: SEGMENT_A_ITAU,
  segmentJ: SEGMENT_J_ITAU,
  segmentO: SEGMENT_O_ITAU,
  // SISPAG v086: file 080; lote 040 for transfers (segment A), 030 for boletos and concessionárias (J, O)
  versions: { file: '080', loteA: '040', loteJ: '030', loteO: '030' },
  arrecadacaoAsLinha: true,
};

export const DIALECTS: Readonly<Record<DialectId, Dialect>> = {
  febraban: FEBRABAN,
  'itau-sispag': ITAU_SISPAG,
};

/** The dialect a remittance from an account at `bankCode` is written in. */
export function dialectForBank(bankCode: string): Dialect {
  return bankCode === '341' ? ITAU_SISPAG : FEBRABAN;
}

/** The dialect a file header shows: Itaú leaves 9-14 blank and writes its layout version at 15-17. */
export function dialectOfHeader(record: string): Dialect {
  return /^ {6}\d{3}$/.test(record.slice(8, 17)) ? ITAU_SISPAG : FEBRABAN;
}
