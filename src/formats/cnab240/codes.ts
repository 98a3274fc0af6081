import {
  type BankOccurrence,
  CAIXA_PAYMENT_OCCURRENCES,
  ITAU_PAYMENT_OCCURRENCES,
  type OccurrenceClass,
  type OccurrenceKind,
  SANTANDER_PAYMENT_OCCURRENCES,
  SICOOB_PAYMENT_OCCURRENCES,
} from './bank-occurrences.js';

// Code tables of FEBRABAN CNAB 240 (v10.x) used by the writer and the reader.

/** "Forma de lançamento" (FEBRABAN G029), positions 12-13 of a lote header. */
export const FORMA_NAMES: Readonly<Record<string, string>> = {
  '01': 'Crédito em conta corrente/salário',
  '02': 'Cheque pagamento/administrativo',
  '03': 'DOC/TED (DOC)',
  '04': 'Cartão salário',
  '05': 'Crédito em conta poupança',
  '10': 'OP à disposição',
  '11': 'Pagamento de contas e tributos com código de barras',
  '13': 'Pagamento a concessionárias',
  '16': 'Tributo - DARF normal',
  '17': 'Tributo - GPS',
  '18': 'Tributo - DARF simples',
  '19': 'Tributo - IPTU/prefeituras',
  '20': 'Pagamento com autenticação',
  '21': 'Tributo - DARJ',
  '22': 'Tributo - GARE-SP ICMS',
  '23': 'Tributo - GARE-SP DR',
  '24': 'Tributo - GARE-SP ITCMD',
  '25': 'Tributo - IPVA',
  '26': 'Tributo - licenciamento',
  '27': 'Tributo - DPVAT',
  '30': 'Liquidação de títulos do próprio banco',
  '31': 'Pagamento de títulos de outros bancos',
  '35': 'Tributo - FGTS (GRF/GRRF/GRDE)',
  '40': 'Extrato de conta corrente',
  '41': 'TED - outra titularidade',
  '43': 'TED - mesma titularidade',
  '44': 'TED para transferência de conta investimento',
  '45': 'PIX transferência',
  '47': 'PIX QR-Code',
  '50': 'Débito em conta corrente',
  '70': 'Extrato para gestão de caixa',
  '71': 'Depósito judicial em conta corrente',
  '72': 'Depósito judicial em poupança',
  '73': 'Extrato de conta investimento',
};

/** "Tipo de serviço" (FEBRABAN G025), positions 10-11 of a lote header. */
export const SERVICE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Cobrança',
  '03': 'Boleto de pagamento eletrônico',
  '04': 'Conciliação bancária',
  '05': 'Débitos',
  '06': 'Custódia de cheques',
  '07': 'Gestão de caixa',
  '08': 'Consulta/informação margem',
  '09': 'Averbação da consignação/retenção',
  '10': 'Pagamento dividendos',
  '11': 'Manutenção da consignação',
  '12': 'Consignação de parcelas',
  '13': 'Glosa da consignação (INSS)',
  '14': 'Consulta de tributos a pagar',
  '20': 'Pagamento fornecedor',
  '22': 'Pagamento de contas, tributos e impostos',
  '23': 'Interoperabilidade entre contas de instituições de pagamentos',
  '25': 'Compror',
  '26': 'Compror rotativo',
  '29': 'Alegação do pagador',
  '30': 'Pagamento salários',
  '32': 'Pagamento de honorários',
  '33': 'Pagamento de bolsa auxílio',
  '34': 'Pagamento de prebenda',
  '40': 'Vendor',
  '41': 'Vendor a termo',
  '50': 'Pagamento sinistros segurados',
  '60': 'Pagamento despesas viajante em trânsito',
  '70': 'Pagamento autorizado',
  '75': 'Pagamento credenciados',
  '77': 'Pagamento de remuneração',
  '80': 'Pagamento representantes/vendedores autorizados',
  '90': 'Pagamento benefícios',
  '98': 'Pagamentos diversos',
};

/** "Câmara centralizadora" (FEBRABAN P001), segment A positions 18-20. */
export const CAMARA = { internal: '000', pix: '009', ted: '018', doc: '700', tedStr: '988' } as const;

/** Names of the banks seen in the corpus, for files whose header leaves the name blank. */
export const BANK_NAMES: Readonly<Record<string, string>> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '041': 'Banrisul',
  '077': 'Banco Inter',
  '085': 'Ailos',
  '097': 'CrediSIS',
  '104': 'Caixa Econômica Federal',
  '136': 'Unicred',
  '208': 'BTG Pactual',
  '237': 'Bradesco',
  '260': 'Nu Pagamentos',
  '336': 'C6 Bank',
  '341': 'Itaú Unibanco',
  '399': 'HSBC',
  '422': 'Safra',
  '707': 'Daycoval',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

export type PaymentOutcome = 'paid' | 'scheduled' | 'rejected';

export interface ReturnOccurrence {
  code: string;
  message: string;
  kind: OccurrenceKind;
}

/** FEBRABAN's occurrence codes for payment returns (G059), positions 231-240 of every record. */
export const FEBRABAN_PAYMENT_OCCURRENCES: Readonly<Record<string, string>> = {
  '00': 'Crédito ou débito efetivado',
  '01': 'Insuficiência de fundos - débito não efetuado',
  '02': 'Crédito ou débito cancelado pelo pagador/credor',
  '03': 'Débito autorizado pela agência - efetuado',
  AA: 'Controle inválido',
  AB: 'Tipo de operação inválido',
  AC: 'Tipo de serviço inválido',
  AD: 'Forma de lançamento inválida',
  AE: 'Tipo/número de inscrição inválido',
  AF: 'Código de convênio inválido',
  AG: 'Agência/conta corrente/DV inválido',
  AH: 'Nº sequencial do registro no lote inválido',
  AI: 'Código de segmento de detalhe inválido',
  AJ: 'Tipo de movimento inválido',
  AK: 'Código da câmara de compensação do banco favorecido/depositário inválido',
  AL: 'Código do banco favorecido, instituição de pagamento ou depositário inválido',
  AM: 'Agência mantenedora da conta corrente do favorecido inválida',
  AN: 'Conta corrente/DV/conta de pagamento do favorecido inválido',
  AO: 'Nome do favorecido não informado',
  AP: 'Data lançamento inválida',
  AQ: 'Tipo/quantidade da moeda inválido',
  AR: 'Valor do lançamento inválido',
  AS: 'Aviso ao favorecido - identificação inválida',
  AT: 'Tipo/número de inscrição do favorecido inválido',
  AU: 'Logradouro do favorecido não informado',
  AV: 'Nº do local do favorecido não informado',
  AW: 'Cidade do favorecido não informada',
  AX: 'CEP/complemento do favorecido inválido',
  AY: 'Sigla do estado do favorecido inválida',
  AZ: 'Código/nome do banco depositário inválido',
  BA: 'Código/nome da agência depositária não informado',
  BB: 'Seu número inválido',
  BC: 'Nosso número inválido',
  BD: 'Inclusão efetuada com sucesso',
  BE: 'Alteração efetuada com sucesso',
  BF: 'Exclusão efetuada com sucesso',
  BG: 'Agência/conta impedida legalmente',
  BH: 'Empresa não pagou salário',
  BI: 'Falecimento do mutuário',
  BJ: 'Empresa não enviou remessa do mutuário',
  BK: 'Empresa não enviou remessa no vencimento',
  BL: 'Valor da parcela inválida',
  BM: 'Identificação do contrato inválida',
  BN: 'Operação de consignação incluída com sucesso',
  BO: 'Operação de consignação alterada com sucesso',
  BP: 'Operação de consignação excluída com sucesso',
  BQ: 'Operação de consignação liquidada com sucesso',
  BR: 'Reativação efetuada com sucesso',
  BS: 'Suspensão efetuada com sucesso',
  CA: 'Código de barras - código do banco inválido',
  CB: 'Código de barras - código da moeda inválido',
  CC: 'Código de barras - dígito verificador geral inválido',
  CD: 'Código de barras - valor do título inválido',
  CE: 'Código de barras - campo livre inválido',
  CF: 'Valor do documento inválido',
  CG: 'Valor do abatimento inválido',
  CH: 'Valor do desconto inválido',
  CI: 'Valor de mora inválido',
  CJ: 'Valor da multa inválido',
  CK: 'Valor do IR inválido',
  CL: 'Valor do ISS inválido',
  CM: 'Valor do IOF inválido',
  CN: 'Valor de outras deduções inválido',
  CO: 'Valor de outros acréscimos inválido',
  CP: 'Valor do INSS inválido',
  HA: 'Lote não aceito',
  HB: 'Inscrição da empresa inválida para o contrato',
  HC: 'Convênio com a empresa inexistente/inválido para o contrato',
  HD: 'Agência/conta corrente da empresa inexistente/inválido para o contrato',
  HE: 'Tipo de serviço inválido para o contrato',
  HF: 'Conta corrente da empresa com saldo insuficiente',
  HG: 'Lote de serviço fora de sequência',
  HH: 'Lote de serviço inválido',
  HI: 'Arquivo não aceito',
  HJ: 'Tipo de registro inválido',
  HK: 'Código remessa/retorno inválido',
  HL: 'Versão de leiaute inválida',
  HM: 'Mutuário não identificado',
  HN: 'Tipo do benefício não permite empréstimo',
  HO: 'Benefício cessado/suspenso',
  HP: 'Benefício possui representante legal',
  HQ: 'Benefício é do tipo PA (pensão alimentícia)',
  HR: 'Quantidade de contratos permitida excedida',
  HS: 'Benefício não pertence ao banco informado',
  HT: 'Início do desconto informado já ultrapassado',
  HU: 'Número da parcela inválida',
  HV: 'Quantidade de parcela inválida',
  HW: 'Margem consignável excedida para o mutuário dentro do prazo do contrato',
  HX: 'Empréstimo já cadastrado',
  HY: 'Empréstimo inexistente',
  HZ: 'Empréstimo já encerrado',
  H1: 'Arquivo sem trailer',
  H2: 'Mutuário sem crédito na competência',
  H3: 'Não descontado - outros motivos',
  H4: 'Retorno de crédito não pago',
  H5: 'Cancelamento de empréstimo retroativo',
  H6: 'Outros motivos de glosa',
  H7: 'Margem consignável excedida para o mutuário acima do prazo do contrato',
  H8: 'Mutuário desligado do empregador',
  H9: 'Mutuário afastado por licença',
  TA: 'Lote não aceito - totais do lote com diferença',
  YA: 'Título não encontrado',
  YB: 'Identificador registro opcional inválido',
  YC: 'Código padrão inválido',
  YD: 'Código de ocorrência inválido',
  YE: 'Complemento de ocorrência inválido',
  YF: 'Alegação já informada',
  ZA: 'Agência/conta do favorecido substituída',
  ZB: 'Divergência entre o primeiro e último nome do beneficiário versus primeiro e último nome na Receita Federal',
  ZC: 'Confirmação de antecipação de valor',
  ZD: 'Antecipação parcial de valor',
  ZE: 'Título bloqueado na base',
  ZF: 'Sistema em contingência - título valor maior que referência',
  ZG: 'Sistema em contingência - título vencido',
  ZH: 'Sistema em contingência - título indexado',
  ZI: 'Beneficiário divergente',
  ZJ: 'Limite de pagamentos parciais excedido',
  ZK: 'Boleto já liquidado',
  PA: 'PIX não efetivado',
  PB: 'Transação interrompida devido a erro no PSP do recebedor',
  PC: 'Número da conta transacional encerrada no PSP do recebedor',
  PD: 'Tipo incorreto para a conta transacional especificada',
  PE: 'Tipo de transação não é suportado/autorizado na conta transacional especificada',
  PF: 'CPF/CNPJ do usuário recebedor não é consistente com o titular da conta transacional especificada',
  PG: 'CPF/CNPJ do usuário recebedor incorreto',
  PH: 'Ordem rejeitada pelo PSP do recebedor',
  PI: 'ISPB do PSP do pagador inválido ou inexistente',
  PJ: 'Chave não cadastrada no DICT',
  PK: 'QR Code inválido/vencido',
  PL: 'Forma de iniciação inválida',
  PM: 'Chave de pagamento inválida',
  PN: 'Chave de pagamento não informada',
};

const FEBRABAN_PAID = new Set(['00', '03']);
const FEBRABAN_SCHEDULED = new Set(['BD', 'BE', 'BN', 'BO', 'BR']);
const FEBRABAN_INFO = new Set(['ZA', 'ZB', 'ZC', 'ZD']);

/**
 * The banks whose payment returns carry codes of their own, by bank code, each table with its source above it.
 * Bradesco (237, Multipag) and Banco do Brasil (001) answer with FEBRABAN's G059 as far as public sources show:
 * ACBr's ACBrPagFor readers of both (frones/ACBr, `PagFor.Bradesco.LerTxtRetorno.pas`,
 * `PagFor.BancodoBrasil.LerTxtRetorno.pas`) keep G059's meanings, and a reader written from BB's PgtVer03BB
 * (Romulogss/parser-retorno-cnab240bb, `ErrosConciliacao.java` at 4b3ce9640dd71f2acecfa2c05d6973e50b0ece6a) has
 * G059's table. Bradesco's published tables of its own are PAG-FOR's (500 positions), another product's.
 */
export const BANK_PAYMENT_OCCURRENCES: Readonly<Record<string, Readonly<Record<string, BankOccurrence>>>> = {
  '033': SANTANDER_PAYMENT_OCCURRENCES,
  '104': CAIXA_PAYMENT_OCCURRENCES,
  '341': ITAU_PAYMENT_OCCURRENCES,
  '756': SICOOB_PAYMENT_OCCURRENCES,
};

const bankOccurrence = (code: string, bankCode: string | undefined): BankOccurrence | undefined =>
  bankCode === undefined ? undefined : BANK_PAYMENT_OCCURRENCES[bankCode]?.[code];

/** Kind of one payment occurrence code. Unknown codes are refusals, as the bank did not confirm. */
export function occurrenceKind(code: string, bankCode?: string): OccurrenceKind {
  const own = bankOccurrence(code, bankCode);
  if (own) return own.kind;
  if (FEBRABAN_PAID.has(code)) return 'paid';
  if (FEBRABAN_SCHEDULED.has(code)) return 'scheduled';
  if (FEBRABAN_INFO.has(code)) return 'info';
  return 'rejected';
}

/**
 * FEBRABAN's G059 codes that say the bill was already settled: ZK ("Boleto já liquidado"), at every bank that
 * does not give ZK a meaning of its own (Santander's is an authorization begun in Internet Banking).
 */
const FEBRABAN_SETTLED = new Set(['ZK']);

/**
 * Whether a code says the bill is already settled at FEBRABAN's table or at some bank's: a caller that does not
 * yet know which bank answered asks this first, and looks the bank up only then.
 */
export function settledSomewhere(code: string): boolean {
  const c = code.trim().toUpperCase();
  return (
    FEBRABAN_SETTLED.has(c) ||
    Object.values(BANK_PAYMENT_OCCURRENCES).some((table) => table[c]?.class === 'settled-do-not-pay-again')
  );
}

export function occurrenceClass(code: string, bankCode?: string): OccurrenceClass {
  const c = code.trim().toUpperCase();
  // the bank's own meaning first: it may give a G059 code another one
  const own = bankOccurrence(c, bankCode);
  if (own?.class) return own.class;
  if (!own && FEBRABAN_SETTLED.has(c)) return 'settled-do-not-pay-again';
  const kind = occurrenceKind(c, bankCode);
  return kind === 'rejected' ? 'rejected-to-correct' : kind;
}

/** Splits a 10-character occurrence field (positions 231-240) into its up to five 2-character codes. */
export function splitOccurrenceCodes(field10: string): string[] {
  const codes: string[] = [];
  for (let i = 0; i + 2 <= field10.length && i < 10; i += 2) {
    const code = field10.slice(i, i + 2).trim();
    if (code !== '') codes.push(code);
  }
  return codes;
}

/** Decodes payment occurrence codes with FEBRABAN's table and the bank's own where it has one. */
export function decodePaymentOccurrences(
  codes: string | readonly string[],
  bankCode?: string,
): ReturnOccurrence[] {
  const list = typeof codes === 'string' ? splitOccurrenceCodes(codes) : codes;
  return list.map((code) => {
    const message =
      bankOccurrence(code, bankCode)?.message ??
      FEBRABAN_PAYMENT_OCCURRENCES[code] ??
      `Ocorrência ${code} não catalogada`;
    return { code, message, kind: occurrenceKind(code, bankCode) };
  });
}

/**
 * What a return line means for a payable: `paid` when any code confirms the payment (00), else
 * `rejected` when any code refuses it, else `scheduled` when the bank accepted it (BD and similar, or
 * only informative codes). No code at all is `rejected`: the bank confirmed nothing.
 */
export function classifyOccurrences(codes: string | readonly string[], bankCode?: string): PaymentOutcome {
  const list = typeof codes === 'string' ? splitOccurrenceCodes(codes) : codes;
  if (list.length === 0) return 'rejected';
  const kinds = list.map((c) => occurrenceKind(c.trim().toUpperCase(), bankCode));
  if (kinds.includes('paid')) return 'paid';
  if (kinds.includes('rejected')) return 'rejected';
  return 'scheduled';
}

/** FEBRABAN's "código de movimento retorno" for collection (C044), segment T positions 16-17. */
export const COLLECTION_MOVEMENTS: Readonly<Record<string, { message: string; kind: OccurrenceKind }>> = {
  '02': { message: 'Entrada confirmada', kind: 'scheduled' },
  '03': { message: 'Entrada rejeitada', kind: 'rejected' },
  '04': { message: 'Transferência de carteira/entrada', kind: 'info' },
  '05': { message: 'Transferência de carteira/baixa', kind: 'info' },
  '06': { message: 'Liquidação', kind: 'paid' },
  '07': { message: 'Confirmação do recebimento da instrução de desconto', kind: 'info' },
  '08': { message: 'Confirmação do recebimento do cancelamento do desconto', kind: 'info' },
  '09': { message: 'Baixa', kind: 'info' },
  '11': { message: 'Títulos em carteira (em ser)', kind: 'info' },
  '12': { message: 'Confirmação recebimento instrução de abatimento', kind: 'info' },
  '13': { message: 'Confirmação recebimento instrução de cancelamento abatimento', kind: 'info' },
  '14': { message: 'Confirmação recebimento instrução alteração de vencimento', kind: 'info' },
  '15': { message: 'Franco de pagamento', kind: 'paid' },
  '17': { message: 'Liquidação após baixa ou liquidação título não registrado', kind: 'paid' },
  '19': { message: 'Confirmação recebimento instrução de protesto', kind: 'info' },
  '20': { message: 'Confirmação recebimento instrução de sustação/cancelamento de protesto', kind: 'info' },
  '23': { message: 'Remessa a cartório (aponte em cartório)', kind: 'info' },
  '24': { message: 'Retirada de cartório e manutenção em carteira', kind: 'info' },
  '25': { message: 'Protestado e baixado (baixa por ter sido protestado)', kind: 'info' },
  '26': { message: 'Instrução rejeitada', kind: 'rejected' },
  '27': { message: 'Confirmação do pedido de alteração de outros dados', kind: 'info' },
  '28': { message: 'Débito de tarifas/custas', kind: 'info' },
  '29': { message: 'Ocorrências do pagador', kind: 'info' },
  '30': { message: 'Alteração de dados rejeitada', kind: 'rejected' },
  '33': { message: 'Confirmação da alteração dos dados do rateio de crédito', kind: 'info' },
  '34': { message: 'Confirmação do cancelamento dos dados do rateio de crédito', kind: 'info' },
  '35': { message: 'Confirmação do desagendamento do débito automático', kind: 'info' },
  '36': { message: 'Confirmação de envio de e-mail/SMS', kind: 'info' },
  '37': { message: 'Envio de e-mail/SMS rejeitado', kind: 'info' },
  '38': { message: 'Confirmação de alteração do prazo limite de recebimento', kind: 'info' },
  '39': { message: 'Confirmação de dispensa de prazo limite de recebimento', kind: 'info' },
  '40': { message: 'Confirmação da alteração do número do título dado pelo beneficiário', kind: 'info' },
  '41': { message: 'Confirmação da alteração do número controle do participante', kind: 'info' },
  '42': { message: 'Confirmação da alteração dos dados do pagador', kind: 'info' },
  '43': { message: 'Confirmação da alteração dos dados do sacador/avalista', kind: 'info' },
  '44': { message: 'Título pago com cheque devolvido', kind: 'info' },
  '45': { message: 'Título pago com cheque compensado', kind: 'paid' },
  '46': { message: 'Instrução para cancelar protesto confirmada', kind: 'info' },
  '47': { message: 'Instrução para protesto para fins falimentares confirmada', kind: 'info' },
  '48': {
    message: 'Confirmação de instrução de transferência de carteira/modalidade de cobrança',
    kind: 'info',
  },
  '49': { message: 'Alteração de contrato de cobrança', kind: 'info' },
  '50': { message: 'Título pendente de pagamento', kind: 'info' },
  '51': { message: 'Título DDA reconhecido pelo pagador', kind: 'info' },
  '52': { message: 'Título DDA não reconhecido pelo pagador', kind: 'info' },
  '53': { message: 'Título DDA recusado pela CIP', kind: 'rejected' },
  '54': { message: 'Confirmação da instrução de baixa de título negativado sem protesto', kind: 'info' },
};

export function decodeCollectionMovement(code: string): ReturnOccurrence {
  const known = COLLECTION_MOVEMENTS[code];
  return known
    ? { code, message: known.message, kind: known.kind }
    : { code, message: `Movimento ${code} não catalogado`, kind: 'info' };
}
