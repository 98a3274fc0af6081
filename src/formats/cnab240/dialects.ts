/**
 * The CNAB 240 payment dialects: which layouts and version numbers a bank's "pagamento a fornecedores" file
 * uses. The writer writes the paying account's bank's dialect; the reader recognises a dialect from the file
 * header and names it (`cnab inspect` prints it).
 *
 * Itaú's SISPAG and Caixa's SIACC move fields (layouts/itau.ts and layouts/caixa.ts, with the manuals cited). Bradesco's Multipag and
 * Santander's "pagamento a fornecedores" keep FEBRABAN's positions under version numbers of their own (below,
 * with their sources), and so does Banco do Brasil's; every other bank gets FEBRABAN's generic layout v10.x.
 */
import {
  FILE_HEADER,
  FILE_HEADER_CAIXA,
  FILE_HEADER_ITAU,
  type Layout,
  LOTE_HEADER,
  LOTE_HEADER_ITAU,
  read,
  SEGMENT_A,
  SEGMENT_A_CAIXA,
  SEGMENT_A_ITAU,
  SEGMENT_J,
  SEGMENT_J_ITAU,
  SEGMENT_N,
  SEGMENT_N_DARF,
  SEGMENT_N_GPS,
  SEGMENT_N_ITAU,
  SEGMENT_N_ITAU_DARF,
  SEGMENT_N_ITAU_FGTS,
  SEGMENT_N_ITAU_GPS,
  SEGMENT_O,
  SEGMENT_O_ITAU,
} from './layouts.js';

export type DialectId =
  | 'febraban'
  | 'itau-sispag'
  | 'bradesco-multipag'
  | 'santander'
  | 'caixa'
  | 'banco-do-brasil';

/** A tax guide paid by its data (segment N): its layout, the code it carries for the tribute, its lote's forma. */
export interface TributeLayout {
  layout: Layout;
  code: string;
  forma: string;
}

export type TributeKind = 'darf' | 'gps' | 'fgts';

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
  /** Segment N as every tribute has it: where its tribute's code, seu número and nosso número are. */
  segmentN: Layout;
  /**
   * Segment N by tribute. FGTS only where the bank wants its guide there (Itaú); elsewhere an FGTS guide is paid
   * by its barcode in segment O, like any other.
   */
  tributes: { gps: TributeLayout; darf: TributeLayout; fgts?: TributeLayout };
  /** How segment N says the contributor's document is a CPF or a CNPJ (the tables differ). */
  contributorTypes: { cpf: string; cnpj: string };
  /** The forma of the lote of utility bills and guides paid by barcode (segment O). */
  arrecadacaoForma: string;
  /** Version numbers written in the file header and in each family's lote header (N's is O's). */
  versions: { file: string; loteA: string; loteJ: string; loteO: string };
  /** Segment O carries the 48-digit linha (with its check digits) rather than the 44-digit barcode. */
  arrecadacaoAsLinha: boolean;
  /**
   * The company's reference in segment A is a number of this many digits rather than FEBRABAN's 20 positions
   * of text: the caller gives each payment such a number (Caixa: 6).
   */
  seuNumeroDigits?: number;
  /**
   * The convênio the bank requires in the file and lote headers (33-…): its digits, and what follows them (the
   * source beside each). A bank that does not require one (Itaú leaves the field blank) has none here.
   */
  convenio?: { digits: number; suffix: string };
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
  segmentN: SEGMENT_N,
  tributes: {
    gps: { layout: SEGMENT_N_GPS, code: '17', forma: '17' },
    darf: { layout: SEGMENT_N_DARF, code: '16', forma: '16' },
  },
  contributorTypes: { cpf: '2', cnpj: '1' },
  arrecadacaoForma: '11',
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
  segmentN: SEGMENT_N_ITAU,
  tributes: {
    gps: { layout: SEGMENT_N_ITAU_GPS, code: '01', forma: '17' },
    darf: { layout: SEGMENT_N_ITAU_DARF, code: '02', forma: '16' },
    fgts: { layout: SEGMENT_N_ITAU_FGTS, code: '11', forma: '35' },
  },
  contributorTypes: { cpf: '1', cnpj: '2' },
  // "13 pagamento a concessionárias" for contas de consumo: in wlrsilveira/cnab-sispag's forma table and in an
  // Itaú tributos file of edcastanha/ITAU-CNAB-240 (corpus), where FEBRABAN writes 11
  arrecadacaoForma: '13',
  // SISPAG v086: file 080; lote 040 for transfers (segment A), 030 for boletos and concessionárias (J, O)
  versions: { file: '080', loteA: '040', loteJ: '030', loteO: '030' },
  arrecadacaoAsLinha: true,
};

/**
 * Bradesco, "Multipag — Layout de arquivos 240 posições" (file layout 089; lote layout 045 for transfers and 012
 * for contas e tributos): FEBRABAN's positions. Seen in Bradesco Multipag files of two independent tools
 * (corpus: ERP-Bem-Comum__cnab-validator/multipag-*.txt, marcodpt__cnab/bradesco.txt). Its boletos' lote keeps
 * FEBRABAN's 040: no source shows another.
 */
export const BRADESCO_MULTIPAG: Dialect = {
  ...FEBRABAN,
  id: 'bradesco-multipag',
  name: 'Bradesco Multipag',
  manual: 'Bradesco, Multipag — Layout de arquivos 240 posições (layout 089)',
  versions: { file: '089', loteA: '045', loteJ: '040', loteO: '012' },
};

/**
 * Santander, "Pagamento a fornecedores — CNAB 240" (file layout 060, lote layout 031 for transfers and PIX):
 * FEBRABAN's positions. Seen in files of two independent tools (corpus: marcodpt__cnab/santander.txt, and a
 * Santander PIX example published with a CNAB converter). Boletos and contas keep FEBRABAN's numbers.
 */
export const SANTANDER: Dialect = {
  ...FEBRABAN,
  id: 'santander',
  name: 'Santander',
  manual: 'Santander, Pagamento a fornecedores — CNAB 240 (layout 060)',
  versions: { file: '060', loteA: '031', loteJ: '040', loteO: '012' },
};

/**
 * Caixa, SIACC "pagamento/crédito a fornecedor" v032 (file layout 080; lote 041 for transfers, as a Caixa file of
 * another tool shows; boletos and contas keep FEBRABAN's numbers and segments J and O): its file header and
 * segment A (layouts/caixa.ts). The company's reference is 6 digits.
 */
export const CAIXA: Dialect = {
  ...FEBRABAN,
  id: 'caixa',
  name: 'Caixa SIACC',
  manual: 'Caixa, Leiaute pagamento/crédito a fornecedor padrão CNAB 240, v032 (layout 080)',
  fileHeader: FILE_HEADER_CAIXA,
  segmentA: SEGMENT_A_CAIXA,
  versions: { file: '080', loteA: '041', loteJ: '040', loteO: '012' },
  seuNumeroDigits: 6,
  // file header 33-38 "código do convênio no banco" (layouts/caixa.ts: SIACC v032)
  convenio: {
    digits: 6,
    suffix: '',
  },
};

/**
 * Banco do Brasil, "Layout de arquivos — Pagamentos, padrão CNAB 240" (PgtVer03BB): file layout 030, every
 * payment lote 020, FEBRABAN's positions. The 020 is in a Banco do Brasil file of python-cnab240 too (corpus:
 * kmee__cnab240/pagamento_dict.banco_brasil.rem); the 030 is what wlrsilveira/cnab-sispag's plan for BB reads in
 * PgtVer03BB, where tools disagree (103, 083, 050 are seen): one source, the manual's own number.
 */
export const BANCO_DO_BRASIL: Dialect = {
  ...FEBRABAN,
  id: 'banco-do-brasil',
  name: 'Banco do Brasil',
  manual: 'Banco do Brasil, Layout de arquivos — Pagamentos CNAB 240 (PgtVer03BB, layout 030)',
  versions: { file: '030', loteA: '020', loteJ: '020', loteO: '020' },
  // "CNAB240 Arquivo de Pagamentos — Particularidades BB" (November 2019; Romulogss/parser-retorno-cnab240bb,
  // documentação/Compe/PgtVer03BB.pdf @3aa4f74d): file and lote headers 33-41 the convênio de pagamento (9 digits,
  // zeros to the left), 42-45 "0126", 46-50 reserved, 51-52 blank in production ("TS" in a test file)
  convenio: {
    digits: 9,
    suffix: '0126',
  },
};

export const DIALECTS: Readonly<Record<DialectId, Dialect>> = {
  febraban: FEBRABAN,
  'itau-sispag': ITAU_SISPAG,
  'bradesco-multipag': BRADESCO_MULTIPAG,
  santander: SANTANDER,
  caixa: CAIXA,
  'banco-do-brasil': BANCO_DO_BRASIL,
};

const BY_BANK: Readonly<Record<string, Dialect>> = {
  '341': ITAU_SISPAG,
  '237': BRADESCO_MULTIPAG,
  '033': SANTANDER,
  '104': CAIXA,
  '001': BANCO_DO_BRASIL,
};

/**
 * The tribute of a segment N record in `dialect`: its code, its kind when the dialect has its layout, and the
 * layout to read it with (the fields every tribute has, for a tribute it does not know).
 */
export function tributeOfRecord(
  dialect: Dialect,
  rec: string,
): { code: string; kind: TributeKind | null; layout: Layout } {
  const code = read(dialect.segmentN, rec, 'tribute_code');
  const kind = (Object.keys(dialect.tributes) as TributeKind[]).find(
    (k) => dialect.tributes[k]?.code === code,
  );
  const layout = kind ? dialect.tributes[kind]?.layout : undefined;
  return layout && kind ? { code, kind, layout } : { code, kind: null, layout: dialect.segmentN };
}

/** The dialect a remittance from an account at `bankCode` is written in. */
export function dialectForBank(bankCode: string): Dialect {
  return BY_BANK[bankCode] ?? FEBRABAN;
}

/**
 * The dialect a file header shows: Itaú leaves 9-14 blank and writes its layout version at 15-17; the others
 * carry their bank code and their own layout version at 164-166.
 */
export function dialectOfHeader(record: string): Dialect {
  if (/^ {6}\d{3}$/.test(record.slice(8, 17))) return ITAU_SISPAG;
  const byBank = BY_BANK[record.slice(0, 3)];
  return byBank && byBank !== ITAU_SISPAG && record.slice(163, 166) === byBank.versions.file
    ? byBank
    : FEBRABAN;
}
