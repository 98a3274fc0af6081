/**
 * National-standard NFS-e files (#55) as the sandbox's suppliers issue them (`condo sandbox nfse`), and the
 * cancellation event: the layout condo reads (read.ts), version 1.01, unsigned (nothing here is an authority).
 */

import { centsToText } from '../../domain/money.js';

export interface NationalInvoiceInput {
  /** the 50-digit access key; nationalAccessKey makes one */
  accessKey: string;
  number: number;
  /** the DPS's issue, an ISO date-time with its offset */
  issuedAt: string;
  municipality: { code: string; name: string };
  provider: { cnpj: string; name: string; simples: 1 | 2 | 3; regApTribSN?: 1 | 2 | 3 };
  taker: { cnpj: string; name: string };
  service: { code: string; description: string };
  /** cents */
  serviceValue: number;
  unconditionalDiscount?: number;
  materials?: number;
  iss: { ratePercent: string; withheldByTaker: boolean; amount: number };
  /** cents withheld, as the provider declares them */
  withheld: { inss: number; irrf: number; pis: number; cofins: number; csll: number };
  net: number;
  /** a bare DPS, not yet authorised: no infNFSe around it */
  dpsOnly?: boolean;
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** An element with text, or nothing when the value is absent. */
const el = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;

/** A mod-11 check digit (weights 2 to 9 from the right), as the national key's last digit. */
function mod11(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return String(rest < 2 ? 0 : 11 - rest);
}

/** A key of the national layout: municipality, environment, CNPJ, number, year and month, a code, its digit. */
export function nationalAccessKey(p: {
  municipality: string;
  cnpj: string;
  number: number;
  issuedAt: string;
  code: number;
}): string {
  const body =
    p.municipality.padStart(7, '0') +
    '2' + // ambGer 2: issued by the national system
    '2' + // tpInsc 2: a CNPJ
    p.cnpj.padStart(14, '0') +
    String(p.number).padStart(13, '0') +
    p.issuedAt.slice(2, 4) +
    p.issuedAt.slice(5, 7) +
    String(p.code).padStart(9, '0');
  return body + mod11(body);
}

/** The national NFS-e (or, with dpsOnly, its bare DPS) for one invoice. */
export function nationalInvoiceXml(i: NationalInvoiceInput): string {
  const date = i.issuedAt.slice(0, 10);
  const pisCofins =
    i.withheld.pis > 0 || i.withheld.cofins > 0
      ? `<piscofins><CST>01</CST><vBCPisCofins>${centsToText(i.serviceValue - (i.unconditionalDiscount ?? 0))}</vBCPisCofins><pAliqPis>0.65</pAliqPis><pAliqCofins>3.00</pAliqCofins><vPis>${centsToText(i.withheld.pis)}</vPis><vCofins>${centsToText(i.withheld.cofins)}</vCofins><tpRetPisCofins>${i.withheld.csll > 0 ? 3 : 4}</tpRetPisCofins></piscofins>`
      : '';
  const fed =
    pisCofins +
    (i.withheld.inss > 0 ? el('vRetCP', centsToText(i.withheld.inss)) : '') +
    (i.withheld.irrf > 0 ? el('vRetIRRF', centsToText(i.withheld.irrf)) : '') +
    (i.withheld.csll > 0 ? el('vRetCSLL', centsToText(i.withheld.csll)) : '');
  const dps =
    `<DPS versao="1.01" xmlns="http://www.sped.fazenda.gov.br/nfse"><infDPS Id="DPS${i.accessKey.slice(0, 7)}2${i.provider.cnpj}00001${String(i.number).padStart(15, '0')}">` +
    `<tpAmb>2</tpAmb><dhEmi>${i.issuedAt}</dhEmi><verAplic>condo-sandbox</verAplic><serie>1</serie><nDPS>${i.number}</nDPS>` +
    `<dCompet>${date}</dCompet><tpEmit>1</tpEmit><cLocEmi>${i.municipality.code}</cLocEmi>` +
    `<prest><CNPJ>${i.provider.cnpj}</CNPJ>${i.dpsOnly ? el('xNome', i.provider.name) : ''}<regTrib><opSimpNac>${i.provider.simples}</opSimpNac>${el('regApTribSN', i.provider.regApTribSN)}<regEspTrib>0</regEspTrib></regTrib></prest>` +
    `<toma><CNPJ>${i.taker.cnpj}</CNPJ>${el('xNome', i.taker.name)}</toma>` +
    `<serv><locPrest><cLocPrestacao>${i.municipality.code}</cLocPrestacao></locPrest><cServ><cTribNac>${i.service.code}</cTribNac>${el('xDescServ', i.service.description)}</cServ></serv>` +
    `<valores><vServPrest><vServ>${centsToText(i.serviceValue)}</vServ></vServPrest>` +
    (i.unconditionalDiscount
      ? `<vDescCondIncond><vDescIncond>${centsToText(i.unconditionalDiscount)}</vDescIncond></vDescCondIncond>`
      : '') +
    (i.materials ? `<vDedRed><vDR>${centsToText(i.materials)}</vDR></vDedRed>` : '') +
    `<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>${i.iss.withheldByTaker ? 2 : 1}</tpRetISSQN><pAliq>${i.iss.ratePercent}</pAliq></tribMun>` +
    (fed ? `<tribFed>${fed}</tribFed>` : '') +
    `<totTrib><indTotTrib>0</indTotTrib></totTrib></trib></valores></infDPS></DPS>`;
  const xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (i.dpsOnly) return `${xml}${dps}\n`;
  const retained = i.withheld.inss + i.withheld.irrf + i.withheld.pis + i.withheld.cofins + i.withheld.csll;
  const base = i.serviceValue - (i.unconditionalDiscount ?? 0) - (i.materials ?? 0);
  return (
    `${xml}<NFSe versao="1.01" xmlns="http://www.sped.fazenda.gov.br/nfse"><infNFSe Id="NFS${i.accessKey}">` +
    `<xLocEmi>${escapeXml(i.municipality.name)}</xLocEmi><xLocPrestacao>${escapeXml(i.municipality.name)}</xLocPrestacao>` +
    `<nNFSe>${i.number}</nNFSe><cLocIncid>${i.municipality.code}</cLocIncid><xLocIncid>${escapeXml(i.municipality.name)}</xLocIncid>` +
    `<verAplic>condo-sandbox</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>` +
    `<dhProc>${i.issuedAt}</dhProc><nDFSe>${i.number}</nDFSe>` +
    `<emit><CNPJ>${i.provider.cnpj}</CNPJ>${el('xNome', i.provider.name)}</emit>` +
    `<valores><vBC>${centsToText(base)}</vBC><pAliqAplic>${i.iss.ratePercent}</pAliqAplic><vISSQN>${centsToText(i.iss.amount)}</vISSQN>` +
    (retained + (i.iss.withheldByTaker ? i.iss.amount : 0) > 0
      ? `<vTotalRet>${centsToText(retained + (i.iss.withheldByTaker ? i.iss.amount : 0))}</vTotalRet>`
      : '') +
    `<vLiq>${centsToText(i.net)}</vLiq></valores>${dps}</infNFSe></NFSe>\n`
  );
}

/** The national cancellation event (e101101) of an invoice, as its provider registers it. */
export function cancellationEventXml(p: {
  accessKey: string;
  cnpj: string;
  at: string;
  reason: string;
}): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<pedRegEvento versao="1.01" xmlns="http://www.sped.fazenda.gov.br/nfse"><infPedReg Id="PRE${p.accessKey}101101">` +
    `<tpAmb>2</tpAmb><verAplic>condo-sandbox</verAplic><dhEvento>${p.at}</dhEvento><CNPJAutor>${p.cnpj}</CNPJAutor>` +
    `<chNFSe>${p.accessKey}</chNFSe><e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo>` +
    `<xMotivo>${escapeXml(p.reason)}</xMotivo></e101101></infPedReg></pedRegEvento>\n`
  );
}

export interface PaulistanaInput {
  /** the provider's inscrição municipal (CCM), its number, its verification code */
  ccm: string;
  number: number;
  verification: string;
  /** ISO date-time of the issue, and the day of the service */
  issuedAt: string;
  serviceDay: string;
  status: 'N' | 'C';
  cancelledAt?: string;
  provider: { cnpj: string; name: string; opcaoSimples: '0' | '1' | '2' | '3' };
  taker: { cnpj: string; name: string };
  /** São Paulo's own service code (five digits) */
  serviceCode: string;
  description: string;
  serviceValue: number;
  /** the ISS rate as a fraction ("0.02") */
  issRate: string;
  issValue: number;
  issWithheld: boolean;
  withheld: { inss: number; irrf: number; pis: number; cofins: number; csll: number };
}

/**
 * A São Paulo NFS-e as its web service's `ConsultaNFe` answers it (`RetornoConsulta` holding an `NFe`, tpNFe of the
 * Prefeitura's TiposNFe XSD, layout 1, unsigned): what `sandbox nfse` writes for a supplier that issues in the
 * city's own system, which São Paulo keeps beside the national one (#71).
 */
export function paulistanaXml(i: PaulistanaInput): string {
  const money = (cents: number) => centsToText(cents);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<RetornoConsulta xmlns="http://www.prefeitura.sp.gov.br/nfe"><Cabecalho xmlns="" Versao="1"><Sucesso>true</Sucesso></Cabecalho>' +
    `<NFe xmlns=""><ChaveNFe><InscricaoPrestador>${i.ccm}</InscricaoPrestador><NumeroNFe>${i.number}</NumeroNFe>` +
    `<CodigoVerificacao>${i.verification}</CodigoVerificacao></ChaveNFe><DataEmissaoNFe>${i.issuedAt}</DataEmissaoNFe>` +
    `<DataFatoGeradorNFe>${i.serviceDay}T00:00:00</DataFatoGeradorNFe>` +
    `<CPFCNPJPrestador><CNPJ>${i.provider.cnpj}</CNPJ></CPFCNPJPrestador>${el('RazaoSocialPrestador', i.provider.name)}` +
    `<StatusNFe>${i.status}</StatusNFe>${el('DataCancelamento', i.cancelledAt)}<TributacaoNFe>T</TributacaoNFe>` +
    `<OpcaoSimples>${i.provider.opcaoSimples}</OpcaoSimples><ValorServicos>${money(i.serviceValue)}</ValorServicos>` +
    `<ValorDeducoes>0.00</ValorDeducoes><ValorPIS>${money(i.withheld.pis)}</ValorPIS><ValorCOFINS>${money(i.withheld.cofins)}</ValorCOFINS>` +
    `<ValorINSS>${money(i.withheld.inss)}</ValorINSS><ValorIR>${money(i.withheld.irrf)}</ValorIR><ValorCSLL>${money(i.withheld.csll)}</ValorCSLL>` +
    `<CodigoServico>${i.serviceCode}</CodigoServico><AliquotaServicos>${i.issRate}</AliquotaServicos>` +
    `<ValorISS>${money(i.issValue)}</ValorISS><ValorCredito>0.00</ValorCredito><ISSRetido>${i.issWithheld}</ISSRetido>` +
    `<CPFCNPJTomador><CNPJ>${i.taker.cnpj}</CNPJ></CPFCNPJTomador>${el('RazaoSocialTomador', i.taker.name)}` +
    `${el('Discriminacao', i.description)}</NFe></RetornoConsulta>\n`
  );
}
