/**
 * Service invoices (NFS-e) read from XML (#55), whatever the layout:
 * - the national standard (LC 214/2025; namespace http://www.sped.fazenda.gov.br/nfse, versions 1.00 and 1.01):
 *   `<NFSe>` with its `<infNFSe>` and the `<DPS>` inside; a bare `<DPS>` too, read but warned (not authorised yet);
 * - ABRASF 1.0 and 2.x (`CompNfse`/`Nfse`/`InfNfse`), also escaped inside a SOAP answer's `<outputXML>`;
 * - the national cancellation event (e101101), which names the invoice it cancels;
 * - São Paulo's own layout (the "NFS-e paulistana": `NFe` records, as its web service's `RetornoConsulta` and its
 *   SOAP answer's `RetornoXML` hold them), a cancelled one (StatusNFe C) read as its cancellation.
 * A file may hold several invoices (an ABRASF query's answer). Tolerant of what real files do: a raw `&`,
 * signatures doubled, the namespace repeated or not. Money in cents, exactly as written.
 */

import type { IsoDate } from '../../domain/dates.js';
import type { Message } from '../../domain/message.js';
import {
  invoiceIdentity,
  type NfseInvoice,
  type ProviderRegime,
  type Withholdings,
  withheldCents,
} from '../../domain/nfse/invoice.js';
import { digitsToCents } from '../statement/money.js';
import { nfseReadFinding } from './findings.js';
import {
  at,
  childrenOf,
  decodeXml,
  findAll,
  findFirst,
  readXml,
  textAt,
  textOf,
  type XmlNode,
} from './xml.js';

export interface NfseCancellation {
  access_key: string;
  date: IsoDate | null;
  reason: string | null;
}

export type NfseRead =
  | { ok: true; invoices: NfseInvoice[]; cancellations: NfseCancellation[]; warnings: Message[] }
  | { ok: false; line: number; column: number; finding: Message };

/** A problem with one value: the invoice cannot be read, said by the element it names. */
class ValueProblem extends Error {
  readonly element: string;
  constructor(readonly finding: Message) {
    super(finding.message);
    this.element = String(finding.params.element ?? '');
  }
}

/** The line and column of the first `<element` in the text (any namespace prefix), else the file's start. */
function whereIs(text: string, element: string): { line: number; column: number } {
  const m = new RegExp(`<(?:[\\w.-]+:)?${element}[\\s>/]`).exec(text);
  if (!m || !element) return { line: 1, column: 1 };
  const before = text.slice(0, m.index);
  const line = before.split('\n').length;
  return { line, column: m.index - before.lastIndexOf('\n') };
}

/** `1234.56` (a comma accepted too, as some ABRASF municipalities write) as cents; null when absent. */
function centsAt(node: XmlNode | undefined, ...path: string[]): number | null {
  const text = textAt(node, ...path);
  if (text === null) return null;
  const m = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(text);
  const cents = m ? digitsToCents(m[2] ?? '', m[3] ?? '', m[1] === '-') : null;
  if (!cents)
    throw new ValueProblem(nfseReadFinding('nfse.not-amount', { element: path.at(-1) ?? '', value: text }));
  return cents.cents;
}
const zeroIfNull = (cents: number | null) => cents ?? 0;

/** A date or date-time's day, as written (the issuer's own local date). */
function dateAt(node: XmlNode | undefined, ...path: string[]): IsoDate | null {
  const text = textAt(node, ...path);
  if (text === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  if (!m)
    throw new ValueProblem(nfseReadFinding('nfse.not-date', { element: path.at(-1) ?? '', value: text }));
  return m[1] as IsoDate;
}

/** A rate written as percent (2.50) in hundredths of a percent (250). */
function rateAt(node: XmlNode | undefined, ...path: string[]): number | null {
  const text = textAt(node, ...path);
  if (text === null) return null;
  const m = /^(\d+)(?:[.,](\d{1,4}))?$/.exec(text);
  if (!m) return null;
  const value = Number(`${m[1]}.${m[2] ?? '0'}`);
  // ABRASF writes a rate as a fraction (0.05) or a percent (5.00): a fraction is below 1
  return Math.round((value < 1 && value > 0 ? value * 100 : value) * 100);
}

/** A CNPJ or CPF under `node`, digits only. */
const documentIn = (node: XmlNode | undefined): string | null =>
  textAt(node, 'CNPJ') ??
  textAt(node, 'CPF') ??
  textAt(node, 'Cnpj') ??
  textAt(node, 'Cpf') ??
  textAt(node, 'CpfCnpj', 'Cnpj') ??
  textAt(node, 'CpfCnpj', 'Cpf');

/** The LC 116 item a national service code (cTribNac: item, subitem, breakdown) or an ABRASF item names. */
export function serviceItem(code: string | null): string | null {
  if (code === null) return null;
  const digits = code.replace(/\D/g, '');
  if (/^\d{1,2}\.\d{2}/.test(code)) {
    const [item = '', sub = ''] = code.split('.');
    return `${Number(item)}.${sub.slice(0, 2)}`;
  }
  if (digits.length >= 4) return `${Number(digits.slice(0, 2))}.${digits.slice(2, 4)}`;
  if (digits.length === 3) return `${Number(digits.slice(0, 1))}.${digits.slice(1, 3)}`;
  return null;
}

/**
 * tpRetPisCofins: which of PIS and COFINS the taker withholds. Version 1.00 wrote 1 (withheld) or 2 (not: the
 * provider's own, declared for information); 1.01 adds CSLL to the code (0 to 9), whose amount is vRetCSLL either
 * way. 1 and 2 mean the same in both.
 */
const NOT_WITHHELD = { pis: false, cofins: false };
const PIS_COFINS_WITHHELD: Record<string, { pis: boolean; cofins: boolean }> = {
  '0': NOT_WITHHELD,
  '1': { pis: true, cofins: true },
  '2': NOT_WITHHELD,
  '3': { pis: true, cofins: true },
  '4': { pis: true, cofins: true },
  '5': { pis: true, cofins: false },
  '6': { pis: false, cofins: true },
  '7': { pis: false, cofins: true },
  '8': NOT_WITHHELD,
  '9': { pis: true, cofins: false },
};

/** opSimpNac: 1 not in Simples, 2 MEI, 3 ME/EPP in Simples. */
const NATIONAL_REGIMES: Record<string, ProviderRegime> = { '1': 'normal', '2': 'mei', '3': 'simples' };

/** A national `<infDPS>`, and the `<infNFSe>` around it when it was authorised. */
function nationalInvoice(infDps: XmlNode, infNfse: XmlNode | undefined, warnings: Message[]): NfseInvoice {
  const values = at(infDps, 'valores');
  const tribMun = at(values, 'trib', 'tribMun');
  const tribFed = at(values, 'trib', 'tribFed');
  const piscofins = at(tribFed, 'piscofins');
  const simples = textAt(infDps, 'prest', 'regTrib', 'opSimpNac');
  const regime = simples === null ? 'unknown' : (NATIONAL_REGIMES[simples] ?? 'unknown');
  if (simples !== null && !NATIONAL_REGIMES[simples])
    warnings.push(nfseReadFinding('nfse.unknown-code', { element: 'opSimpNac', value: simples }));
  // tpRetISSQN: 1 not withheld, 2 by the taker, 3 by an intermediary
  const issFlag = textAt(tribMun, 'tpRetISSQN');
  const issWithheld = issFlag === '2' ? true : issFlag === '1' || issFlag === '3' ? false : null;
  const pcFlag = textAt(piscofins, 'tpRetPisCofins');
  const pc = pcFlag === null ? NOT_WITHHELD : PIS_COFINS_WITHHELD[pcFlag];
  if (pcFlag !== null && !pc)
    warnings.push(nfseReadFinding('nfse.unknown-code', { element: 'tpRetPisCofins', value: pcFlag }));
  const { pis: pisWithheld, cofins: cofinsWithheld } = pc ?? NOT_WITHHELD;
  const serviceValue = centsAt(values, 'vServPrest', 'vServ');
  if (serviceValue === null) throw new ValueProblem(nfseReadFinding('nfse.missing', { element: 'vServ' }));
  const issValue = centsAt(infNfse, 'valores', 'vISSQN') ?? centsAt(tribMun, 'vISSQN');
  const declared: Withholdings = {
    inss_cents: zeroIfNull(centsAt(tribFed, 'vRetCP')),
    irrf_cents: zeroIfNull(centsAt(tribFed, 'vRetIRRF')),
    pis_cents: pisWithheld ? zeroIfNull(centsAt(piscofins, 'vPis')) : 0,
    cofins_cents: cofinsWithheld ? zeroIfNull(centsAt(piscofins, 'vCofins')) : 0,
    csll_cents: zeroIfNull(centsAt(tribFed, 'vRetCSLL')),
    iss_cents: issWithheld ? zeroIfNull(issValue) : 0,
    net_cents: 0,
  };
  const unconditional = zeroIfNull(centsAt(values, 'vDescCondIncond', 'vDescIncond'));
  const conditional = zeroIfNull(centsAt(values, 'vDescCondIncond', 'vDescCond'));
  declared.net_cents =
    centsAt(infNfse, 'valores', 'vLiq') ??
    serviceValue - unconditional - conditional - withheldCents(declared);
  const issRate = rateAt(infNfse, 'valores', 'pAliqAplic') ?? rateAt(tribMun, 'pAliq');
  const id = String(infNfse?.['@Id'] ?? '');
  const code = textAt(infDps, 'serv', 'cServ', 'cTribNac');
  const ibs = [infNfse?.IBSCBS, infDps.IBSCBS].filter((v) => v !== undefined);
  return {
    kind: infNfse ? 'nfse' : 'dps',
    access_key: /^NFS\d{50}$/.test(id) ? id.slice(3) : null,
    number: infNfse ? textAt(infNfse, 'nNFSe') : textAt(infDps, 'nDPS'),
    verification_code: null,
    issue_date: dateAt(infDps, 'dhEmi'),
    competence: dateAt(infDps, 'dCompet'),
    provider: {
      document: documentIn(at(infNfse, 'emit')) ?? documentIn(at(infDps, 'prest')),
      name: textAt(infNfse, 'emit', 'xNome') ?? textAt(infDps, 'prest', 'xNome'),
      regime,
      regime_detail: textAt(infDps, 'prest', 'regTrib', 'regApTribSN'),
    },
    taker: { document: documentIn(at(infDps, 'toma')), name: textAt(infDps, 'toma', 'xNome') },
    service: { code, item: serviceItem(code), description: textAt(infDps, 'serv', 'cServ', 'xDescServ') },
    service_value_cents: serviceValue,
    unconditional_discount_cents: unconditional,
    conditional_discount_cents: conditional,
    materials_cents: zeroIfNull(centsAt(values, 'vDedRed', 'vDR')),
    iss_rate_bp: issRate,
    iss_withheld: issWithheld,
    declared,
    ibs_cbs: ibs.length === 0 ? null : ibs.length === 1 ? ibs[0] : ibs,
  };
}

/** ABRASF's RegimeEspecialTributacao 5 is an MEI; OptanteSimplesNacional 1 is Simples, 2 is not. */
function abrasfRegime(inf: XmlNode, decl: XmlNode | undefined): ProviderRegime {
  const special = textOf(
    findFirst(inf, 'RegimeEspecialTributacao') ?? findFirst(decl, 'RegimeEspecialTributacao'),
  );
  if (special === '5') return 'mei';
  const simples = textOf(
    findFirst(inf, 'OptanteSimplesNacional') ?? findFirst(decl, 'OptanteSimplesNacional'),
  );
  return simples === '1' ? 'simples' : simples === '2' ? 'normal' : 'unknown';
}

/** An ABRASF `<InfNfse>` (1.0: its values inside; 2.x: inside DeclaracaoPrestacaoServico). */
function abrasfInvoice(inf: XmlNode): NfseInvoice {
  const decl = findFirst(inf, 'InfDeclaracaoPrestacaoServico');
  const service = at(decl, 'Servico') ?? at(inf, 'Servico');
  const values = at(service, 'Valores');
  const serviceValue = centsAt(values, 'ValorServicos');
  if (serviceValue === null)
    throw new ValueProblem(nfseReadFinding('nfse.missing', { element: 'ValorServicos' }));
  // IssRetido: 1 withheld by the taker, 2 not (1.0 inside Valores, 2.x beside them)
  const issFlag = textAt(values, 'IssRetido') ?? textAt(service, 'IssRetido');
  const issWithheld = issFlag === '1' ? true : issFlag === '2' ? false : null;
  const nfseValues = at(inf, 'ValoresNfse');
  const issValue = centsAt(values, 'ValorIss') ?? centsAt(nfseValues, 'ValorIss');
  const declared: Withholdings = {
    inss_cents: zeroIfNull(centsAt(values, 'ValorInss')),
    irrf_cents: zeroIfNull(centsAt(values, 'ValorIr')),
    pis_cents: zeroIfNull(centsAt(values, 'ValorPis')),
    cofins_cents: zeroIfNull(centsAt(values, 'ValorCofins')),
    csll_cents: zeroIfNull(centsAt(values, 'ValorCsll')),
    iss_cents: issWithheld ? zeroIfNull(centsAt(values, 'ValorIssRetido') ?? issValue) : 0,
    net_cents: 0,
  };
  const unconditional = zeroIfNull(centsAt(values, 'DescontoIncondicionado'));
  const conditional = zeroIfNull(centsAt(values, 'DescontoCondicionado'));
  declared.net_cents =
    centsAt(values, 'ValorLiquidoNfse') ??
    centsAt(nfseValues, 'ValorLiquidoNfse') ??
    serviceValue - unconditional - conditional - withheldCents(declared);
  const provider = at(inf, 'PrestadorServico');
  const taker = at(decl, 'Tomador') ?? at(decl, 'TomadorServico') ?? at(inf, 'TomadorServico');
  const code = textAt(service, 'ItemListaServico');
  return {
    kind: 'abrasf',
    access_key: null,
    number: textAt(inf, 'Numero'),
    verification_code: textAt(inf, 'CodigoVerificacao'),
    issue_date: dateAt(inf, 'DataEmissao'),
    competence: dateAt(decl, 'Competencia') ?? dateAt(inf, 'Competencia'),
    provider: {
      document: documentIn(at(provider, 'IdentificacaoPrestador')) ?? documentIn(at(decl, 'Prestador')),
      name: textAt(provider, 'RazaoSocial'),
      regime: abrasfRegime(inf, decl),
      regime_detail: textOf(
        findFirst(inf, 'RegimeEspecialTributacao') ?? findFirst(decl, 'RegimeEspecialTributacao'),
      ),
    },
    taker: {
      document:
        documentIn(at(taker, 'IdentificacaoTomador')) ??
        documentIn(at(taker, 'IdentificacaoTomador', 'CpfCnpj')),
      name: textAt(taker, 'RazaoSocial'),
    },
    service: { code, item: serviceItem(code), description: textAt(service, 'Discriminacao') },
    service_value_cents: serviceValue,
    unconditional_discount_cents: unconditional,
    conditional_discount_cents: conditional,
    materials_cents: zeroIfNull(centsAt(values, 'ValorDeducoes')),
    iss_rate_bp: rateAt(values, 'Aliquota') ?? rateAt(nfseValues, 'Aliquota'),
    iss_withheld: issWithheld,
    declared,
    ibs_cbs: null,
  };
}

/**
 * São Paulo's OpcaoSimples as its web service's manual lists it: 0 not in Simples Nacional; 1, 2 and 3 ways of being
 * in it (an MEI not told apart). Anything else is unknown, said as the code.
 */
const PAULISTANA_REGIMES: Record<string, ProviderRegime> = {
  '0': 'normal',
  '1': 'simples',
  '2': 'simples',
  '3': 'simples',
};

/**
 * A São Paulo NFS-e (`NFe`, tpNFe of the Prefeitura's TiposNFe XSD, as its web service's `RetornoConsulta` answers
 * it): the values at their names (ValorServicos, ValorDeducoes; the retentions ValorINSS, ValorIR, ValorPIS,
 * ValorCOFINS, ValorCSLL; AliquotaServicos as a fraction; ISSRetido true or false). Its CodigoServico is the
 * municipality's own code, not an LC 116 item: the item is left unknown, and the rules that need it say so.
 */
function paulistanaInvoice(nfe: XmlNode): NfseInvoice {
  const serviceValue = centsAt(nfe, 'ValorServicos');
  if (serviceValue === null)
    throw new ValueProblem(nfseReadFinding('nfse.missing', { element: 'ValorServicos' }));
  const iss = textAt(nfe, 'ISSRetido')?.toLowerCase();
  const issWithheld = iss === 'true' || iss === 's' ? true : iss === 'false' || iss === 'n' ? false : null;
  const declared: Withholdings = {
    inss_cents: zeroIfNull(centsAt(nfe, 'ValorINSS')),
    irrf_cents: zeroIfNull(centsAt(nfe, 'ValorIR')),
    pis_cents: zeroIfNull(centsAt(nfe, 'ValorPIS')),
    cofins_cents: zeroIfNull(centsAt(nfe, 'ValorCOFINS')),
    csll_cents: zeroIfNull(centsAt(nfe, 'ValorCSLL')),
    iss_cents: issWithheld ? zeroIfNull(centsAt(nfe, 'ValorISS')) : 0,
    net_cents: 0,
  };
  declared.net_cents = serviceValue - withheldCents(declared);
  const simples = textAt(nfe, 'OpcaoSimples');
  return {
    kind: 'paulistana',
    access_key: null,
    number: textAt(nfe, 'ChaveNFe', 'NumeroNFe'),
    verification_code: textAt(nfe, 'ChaveNFe', 'CodigoVerificacao'),
    issue_date: dateAt(nfe, 'DataEmissaoNFe'),
    competence: dateAt(nfe, 'DataFatoGeradorNFe'),
    provider: {
      document: documentIn(at(nfe, 'CPFCNPJPrestador')),
      name: textAt(nfe, 'RazaoSocialPrestador'),
      regime: simples === null ? 'unknown' : (PAULISTANA_REGIMES[simples] ?? 'unknown'),
      regime_detail: simples,
    },
    taker: { document: documentIn(at(nfe, 'CPFCNPJTomador')), name: textAt(nfe, 'RazaoSocialTomador') },
    service: { code: textAt(nfe, 'CodigoServico'), item: null, description: textAt(nfe, 'Discriminacao') },
    service_value_cents: serviceValue,
    unconditional_discount_cents: 0,
    conditional_discount_cents: 0,
    materials_cents: zeroIfNull(centsAt(nfe, 'ValorDeducoes')),
    iss_rate_bp: rateAt(nfe, 'AliquotaServicos'),
    iss_withheld: issWithheld,
    declared,
    ibs_cbs: null,
  };
}

/** São Paulo's invoices of a file, and those its StatusNFe says were cancelled (C) or lost (E, said, not read). */
function paulistanaIn(
  tree: XmlNode,
  warnings: Message[],
): { invoices: NfseInvoice[]; cancellations: NfseCancellation[] } {
  const invoices: NfseInvoice[] = [];
  const cancellations: NfseCancellation[] = [];
  for (const nfe of findAll(tree, 'NFe')) {
    if (at(nfe, 'ChaveNFe') === undefined) continue;
    const status = textAt(nfe, 'StatusNFe');
    const number = textAt(nfe, 'ChaveNFe', 'NumeroNFe');
    const provider = documentIn(at(nfe, 'CPFCNPJPrestador'));
    if (status === 'C')
      cancellations.push({
        access_key: invoiceIdentity(provider, number),
        date: dateAt(nfe, 'DataCancelamento'),
        reason: 'StatusNFe C (cancelada)',
      });
    else if (status === 'E')
      warnings.push(nfseReadFinding('nfse.unknown-code', { element: 'StatusNFe', value: 'E' }));
    else invoices.push(paulistanaInvoice(nfe));
  }
  return { invoices, cancellations };
}

/** A national event (pedRegEvento/infPedReg) of cancellation, e101101, and the key it names. */
function cancellationsIn(tree: XmlNode): NfseCancellation[] {
  return findAll(tree, 'infPedReg').flatMap((inf) => {
    if (at(inf, 'e101101') === undefined) return [];
    const key = textAt(inf, 'chNFSe');
    if (key === null) return [];
    return [{ access_key: key, date: dateAt(inf, 'dhEvento'), reason: textAt(inf, 'e101101', 'xMotivo') }];
  });
}

/** Reads one file's bytes: its invoices and cancellations, or where it cannot be read. */
export function readNfse(bytes: Uint8Array): NfseRead {
  return readNfseText(decodeXml(bytes));
}

export function readNfseText(text: string, depth = 0): NfseRead {
  const xml = readXml(text);
  if (!xml.ok) return xml;
  const warnings = [...xml.warnings];
  try {
    const invoices: NfseInvoice[] = [];
    const nfses = findAll(xml.tree, 'NFSe');
    for (const nfse of nfses) {
      for (const infNfse of childrenOf(nfse, 'infNFSe')) {
        const infDps = at(infNfse, 'DPS', 'infDPS');
        if (!infDps) throw new ValueProblem(nfseReadFinding('nfse.missing', { element: 'DPS' }));
        invoices.push(nationalInvoice(infDps, infNfse, warnings));
      }
    }
    // a bare DPS: one not inside an NFS-e already read
    if (nfses.length === 0)
      for (const dps of findAll(xml.tree, 'DPS'))
        for (const infDps of childrenOf(dps, 'infDPS'))
          invoices.push(nationalInvoice(infDps, undefined, warnings));
    for (const inf of findAll(xml.tree, 'InfNfse')) invoices.push(abrasfInvoice(inf));
    const sp = paulistanaIn(xml.tree, warnings);
    invoices.push(...sp.invoices);
    const cancellations = [...cancellationsIn(xml.tree), ...sp.cancellations];
    if (invoices.length === 0 && cancellations.length === 0) {
      // a SOAP answer carries the XML escaped inside outputXML (or a similar element): read what it holds
      const inner = depth === 0 ? embeddedXml(xml.tree) : null;
      if (inner !== null) return readNfseText(inner, depth + 1);
      return { ok: false, line: 1, column: 1, finding: nfseReadFinding('nfse.not-nfse', { root: xml.root }) };
    }
    return { ok: true, invoices, cancellations, warnings };
  } catch (error) {
    if (error instanceof ValueProblem) {
      // a missing element is named where its parent would hold it: the file's start will do
      const where = whereIs(text, error.finding.code === 'nfse.missing' ? '' : error.element);
      return { ok: false, ...where, finding: error.finding };
    }
    throw error;
  }
}

/** The first element whose text is itself an XML document (`<outputXML>&lt;?xml …`). */
function embeddedXml(tree: XmlNode): string | null {
  for (const name of ['outputXML', 'return', 'RetornoXML', 'xml']) {
    const text = textOf(findFirst(tree, name));
    if (text?.startsWith('<')) return text;
  }
  return null;
}
