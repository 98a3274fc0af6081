import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cnpjWithCheckDigits } from '../../../../src/domain/documents.js';
import { readNfse, readNfseText, serviceItem } from '../../../../src/formats/nfse/read.js';
import {
  cancellationEventXml,
  nationalAccessKey,
  nationalInvoiceXml,
} from '../../../../src/formats/nfse/write.js';

/**
 * The NFS-e reader (#55) on real files (test/fixtures/corpus/nfse, provenance in its MANIFEST.tsv) and on what
 * real issuers get wrong. Expected figures are read off each file by eye.
 */

const CORPUS = join(import.meta.dirname, '../../../fixtures/corpus/nfse');
const readFixture = (path: string) => {
  const r = readNfse(readFileSync(join(CORPUS, path)));
  if (!r.ok) throw new Error(`${path}: ${r.finding.message}`);
  return r;
};

describe('real files', () => {
  test('every file of the MANIFEST reads, with the number of invoices it says', () => {
    const rows = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const [path = '', , , , , , kind, invoices] = row.split('\t');
      const r = readFixture(path);
      expect(r.invoices, path).toHaveLength(Number(invoices));
      expect(
        r.invoices.every((i) => i.kind === kind),
        path,
      ).toBe(true);
    }
  });

  test('a national NFS-e v1.01: the key, the values, the provider’s own PIS/COFINS not taken as withheld', () => {
    const [i] = readFixture('national/lajeado-dipesul-v101.xml').invoices;
    expect(i).toMatchObject({
      kind: 'nfse',
      access_key: '43114032290576356000918000000000291226072583795191',
      number: '2912',
      issue_date: '2026-07-27',
      provider: { document: '90576356000918', name: 'DIPESUL VEICULOS LTDA', regime: 'normal' },
      taker: { document: '05789943000169', name: 'CARNES TONIAL LTDA' },
      service: { code: '140101', item: '14.01' },
      service_value_cents: 241_902,
      unconditional_discount_cents: 12_043,
      iss_rate_bp: 250,
      iss_withheld: false,
    });
    // vPis 37.93 and vCofins 174.69 with tpRetPisCofins 2: the provider's own taxes, nothing withheld
    expect(i?.declared).toEqual({
      inss_cents: 0,
      irrf_cents: 0,
      pis_cents: 0,
      cofins_cents: 0,
      csll_cents: 0,
      iss_cents: 0,
      net_cents: 229_859,
    });
  });

  test('the IBS/CBS groups are kept as read, from the NFS-e and from its DPS', () => {
    const [i] = readFixture('national/saopaulo-cruzeirodosul-v101-ibscbs.xml').invoices;
    expect(Array.isArray(i?.ibs_cbs)).toBe(true);
    expect(JSON.stringify(i?.ibs_cbs)).toContain('cClassTrib');
    expect(i?.taker.name).toBe('TOMADOR DE TESTE');
  });

  test('ABRASF 1.00 escaped inside a SOAP outputXML: three invoices, their withholdings and net', () => {
    const r = readFixture('abrasf/porto-alegre-soap-abrasf100.xml');
    expect(
      r.invoices.map((i) => [i.number, i.service.item, i.declared.irrf_cents, i.declared.net_cents]),
    ).toEqual([
      ['201800000000480', '17.01', 120_000, 7_508_000],
      ['201800000000481', '17.01', 13_500, 844_650],
      ['201800000000482', '17.01', 1_377, 86_193],
    ]);
    expect(r.invoices[0]).toMatchObject({
      kind: 'abrasf',
      access_key: null,
      verification_code: 'b0dc7721',
      provider: { document: '03420796000120', regime: 'normal' },
      declared: { pis_cents: 52_000, cofins_cents: 240_000, csll_cents: 80_000, inss_cents: 0 },
      iss_withheld: false,
    });
  });
});

/** A national NFS-e as the sandbox writes it, to change one thing at a time. */
function sample(over: Partial<Parameters<typeof nationalInvoiceXml>[0]> = {}): string {
  const cnpj = cnpjWithCheckDigits('234567890001');
  return nationalInvoiceXml({
    accessKey: nationalAccessKey({
      municipality: '3550308',
      cnpj,
      number: 7,
      issuedAt: '2025-10-02T10:00:00-03:00',
      code: 1,
    }),
    number: 7,
    issuedAt: '2025-10-02T10:00:00-03:00',
    municipality: { code: '3550308', name: 'São Paulo' },
    provider: { cnpj, name: 'Brilho Limpeza', simples: 1 },
    taker: { cnpj: cnpjWithCheckDigits('112223330001'), name: 'Condomínio' },
    service: { code: '071001', description: 'Limpeza' },
    serviceValue: 100_000,
    iss: { ratePercent: '2.00', withheldByTaker: false, amount: 2_000 },
    withheld: { inss: 11_000, irrf: 0, pis: 650, cofins: 3_000, csll: 1_000 },
    net: 84_350,
    ...over,
  });
}

describe('what real issuers do', () => {
  test('the sandbox’s own file reads back as written', () => {
    const r = readNfseText(sample());
    expect(r.ok && r.invoices[0]).toMatchObject({
      kind: 'nfse',
      service_value_cents: 100_000,
      declared: {
        inss_cents: 11_000,
        pis_cents: 650,
        cofins_cents: 3_000,
        csll_cents: 1_000,
        net_cents: 84_350,
      },
    });
  });

  test('a raw & in a name is read as &amp;, and said', () => {
    const r = readNfseText(
      sample({ provider: { cnpj: '23456789000190', name: 'X', simples: 1 } }).replace(
        '<xNome>X</xNome>',
        '<xNome>Jardins & Cia</xNome>',
      ),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.invoices[0]?.provider.name).toBe('Jardins & Cia');
    expect(r.warnings.map((w) => w.code)).toEqual(['nfse.raw-ampersand']);
  });

  test('namespace prefixes (nfse:) read as the plain names', () => {
    const prefixed = sample()
      .replace(/<(\/?)(\w+)([ >])/g, '<$1nfse:$2$3')
      .replace('xmlns=', 'xmlns:nfse=')
      .replaceAll('<nfse:?xml', '<?xml');
    const r = readNfseText(prefixed.replace('<?xml version="1.0" encoding="UTF-8"?>', ''));
    expect(r.ok && r.invoices[0]?.declared.inss_cents).toBe(11_000);
  });

  test('a bare DPS is read as one, not yet an NFS-e', () => {
    const r = readNfseText(sample({ dpsOnly: true }));
    expect(r.ok && r.invoices[0]).toMatchObject({ kind: 'dps', access_key: null, number: '7' });
  });

  test('a cancellation event names the key it cancels', () => {
    const r = readNfseText(
      cancellationEventXml({
        accessKey: '1'.repeat(50),
        cnpj: '23456789000190',
        at: '2025-10-05T09:00:00-03:00',
        reason: 'Erro no valor',
      }),
    );
    expect(r.ok && r.cancellations).toEqual([
      { access_key: '1'.repeat(50), date: '2025-10-05', reason: 'Erro no valor' },
    ]);
  });

  test('Latin-1 as declared', () => {
    const latin = Buffer.from(sample().replace('UTF-8', 'ISO-8859-1'), 'latin1');
    const r = readNfse(latin);
    expect(r.ok && r.invoices[0]?.service.description).toBe('Limpeza');
  });
});

describe('what is refused, at its line and column', () => {
  test('malformed XML', () => {
    const r = readNfseText('<?xml version="1.0"?>\n<NFSe>\n  <infNFSe>\n  </NFSe>\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.line, r.column]).toEqual([4, 3]);
    expect(r.finding.code).toBe('nfse.xml');
  });

  test('XML that is not an NFS-e', () => {
    const r = readNfseText('<?xml version="1.0"?>\n<OFX><BANKMSGSRSV1/></OFX>');
    expect(!r.ok && r.finding.message).toBe(
      'not an NFS-e: its root is <OFX>, and it holds no <NFSe>, <DPS>, ABRASF <InfNfse> or cancellation event',
    );
  });

  test('an amount that is not one names its element, line and column', () => {
    const r = readNfseText(sample().replace('<vServ>1000.00</vServ>', '\n<vServ>mil reais</vServ>'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.finding.message).toBe("<vServ> 'mil reais' is not an amount");
    expect([r.line, r.column]).toEqual([3, 1]);
  });

  test('an empty file', () => {
    const r = readNfseText('');
    expect(!r.ok && r.finding.code).toBe('nfse.empty');
  });
});

test('a service code is its LC 116 item: national cTribNac and ABRASF items', () => {
  expect(['071001', '140101', '17.01', '7.10', '0710', null].map(serviceItem)).toEqual([
    '7.10',
    '14.01',
    '17.01',
    '7.10',
    '7.10',
    null,
  ]);
});

test('ABRASF 2.x (values inside DeclaracaoPrestacaoServico, IssRetido beside them), written here after the 2.04 layout', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ConsultarNfseServicoTomadoResposta xmlns="http://www.abrasf.org.br/nfse.xsd"><ListaNfse><CompNfse><Nfse versao="2.04">
<InfNfse Id="n1"><Numero>77</Numero><CodigoVerificacao>AB12</CodigoVerificacao><DataEmissao>2025-10-06T09:00:00</DataEmissao>
<ValoresNfse><BaseCalculo>1000.00</BaseCalculo><Aliquota>5.00</Aliquota><ValorIss>50.00</ValorIss><ValorLiquidoNfse>783.50</ValorLiquidoNfse></ValoresNfse>
<PrestadorServico><IdentificacaoPrestador><CpfCnpj><Cnpj>23456789000190</Cnpj></CpfCnpj></IdentificacaoPrestador><RazaoSocial>Brilho Limpeza</RazaoSocial></PrestadorServico>
<DeclaracaoPrestacaoServico><InfDeclaracaoPrestacaoServico><Competencia>2025-10-01</Competencia>
<Servico><Valores><ValorServicos>1000.00</ValorServicos><ValorPis>6.50</ValorPis><ValorCofins>30.00</ValorCofins><ValorInss>110.00</ValorInss><ValorCsll>10.00</ValorCsll><Aliquota>5.00</Aliquota></Valores>
<IssRetido>1</IssRetido><ItemListaServico>07.10</ItemListaServico><Discriminacao>Limpeza</Discriminacao></Servico>
<Prestador><CpfCnpj><Cnpj>23456789000190</Cnpj></CpfCnpj></Prestador>
<TomadorServico><IdentificacaoTomador><CpfCnpj><Cnpj>11222333000181</Cnpj></CpfCnpj></IdentificacaoTomador><RazaoSocial>Condomínio</RazaoSocial></TomadorServico>
<RegimeEspecialTributacao>6</RegimeEspecialTributacao><OptanteSimplesNacional>2</OptanteSimplesNacional>
</InfDeclaracaoPrestacaoServico></DeclaracaoPrestacaoServico></InfNfse></Nfse></CompNfse></ListaNfse></ConsultarNfseServicoTomadoResposta>`;
  const r = readNfseText(xml);
  expect(r.ok && r.invoices[0]).toMatchObject({
    kind: 'abrasf',
    number: '77',
    competence: '2025-10-01',
    provider: { document: '23456789000190', regime: 'normal' },
    taker: { document: '11222333000181' },
    service: { item: '7.10' },
    iss_withheld: true,
    iss_rate_bp: 500,
    declared: {
      inss_cents: 11_000,
      pis_cents: 650,
      cofins_cents: 3_000,
      csll_cents: 1_000,
      iss_cents: 5_000,
      net_cents: 78_350,
    },
  });
});

test('layout 1.01’s tpRetPisCofins: 3 withholds PIS and COFINS (and CSLL by vRetCSLL); 5 PIS only', () => {
  const withCode = (code: string) => {
    const r = readNfseText(
      sample().replace(/<tpRetPisCofins>\d<\/tpRetPisCofins>/, `<tpRetPisCofins>${code}</tpRetPisCofins>`),
    );
    return r.ok
      ? [
          r.invoices[0]?.declared.pis_cents,
          r.invoices[0]?.declared.cofins_cents,
          r.invoices[0]?.declared.csll_cents,
        ]
      : [];
  };
  expect(withCode('3')).toEqual([650, 3_000, 1_000]);
  expect(withCode('5')).toEqual([650, 0, 1_000]);
  expect(withCode('2')).toEqual([0, 0, 1_000]);
});

/**
 * São Paulo's own layout (#71), as its web service answers a query: `RetornoConsulta` holding `NFe` records (tpNFe of
 * the Prefeitura's TiposNFe XSD: ChaveNFe, DataEmissaoNFe, DataFatoGeradorNFe, CPFCNPJPrestador, StatusNFe N/C/E,
 * DataCancelamento, OpcaoSimples, ValorServicos, ValorDeducoes, ValorPIS, ValorCOFINS, ValorINSS, ValorIR,
 * ValorCSLL, CodigoServico, AliquotaServicos as a fraction, ValorISS, ISSRetido, CPFCNPJTomador), written here from
 * that layout: no public repository found holds a real answer under a licence to copy.
 */
describe("São Paulo's NFS-e (paulistana)", () => {
  const provider = cnpjWithCheckDigits('112223330001');
  const taker = cnpjWithCheckDigits('445556660001');
  const nfe = (number: number, status: string, extra = '') =>
    `<NFe xmlns=""><ChaveNFe><InscricaoPrestador>39616924</InscricaoPrestador><NumeroNFe>${number}</NumeroNFe><CodigoVerificacao>AB12CD34</CodigoVerificacao></ChaveNFe>` +
    `<DataEmissaoNFe>2025-10-06T14:02:11</DataEmissaoNFe><DataFatoGeradorNFe>2025-10-01T00:00:00</DataFatoGeradorNFe>` +
    `<CPFCNPJPrestador><CNPJ>${provider}</CNPJ></CPFCNPJPrestador><RazaoSocialPrestador>LIMPA SP SERVICOS LTDA</RazaoSocialPrestador>` +
    `<StatusNFe>${status}</StatusNFe>${extra}<TributacaoNFe>T</TributacaoNFe><OpcaoSimples>0</OpcaoSimples>` +
    '<ValorServicos>8450.00</ValorServicos><ValorDeducoes>0</ValorDeducoes><ValorPIS>54.93</ValorPIS><ValorCOFINS>253.50</ValorCOFINS>' +
    '<ValorINSS>929.50</ValorINSS><ValorIR>0</ValorIR><ValorCSLL>84.50</ValorCSLL><CodigoServico>07498</CodigoServico>' +
    '<AliquotaServicos>0.05</AliquotaServicos><ValorISS>422.50</ValorISS><ValorCredito>0</ValorCredito><ISSRetido>true</ISSRetido>' +
    `<CPFCNPJTomador><CNPJ>${taker}</CNPJ></CPFCNPJTomador><RazaoSocialTomador>CONDOMINIO EDIFICIO AURORA</RazaoSocialTomador>` +
    '<Discriminacao>Limpeza das areas comuns, outubro de 2025</Discriminacao></NFe>';
  const answer = (...records: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><RetornoConsulta xmlns="http://www.prefeitura.sp.gov.br/nfe"><Cabecalho xmlns="" Versao="1"><Sucesso>true</Sucesso></Cabecalho>${records.join('')}</RetornoConsulta>`;

  test('an invoice: its values at their names, the retentions it declares, the ISS withheld, its regime', () => {
    const r = readNfseText(answer(nfe(1000, 'N')));
    if (!r.ok) throw new Error(r.finding.message);
    expect(r.invoices).toHaveLength(1);
    expect(r.invoices[0]).toMatchObject({
      kind: 'paulistana',
      number: '1000',
      verification_code: 'AB12CD34',
      issue_date: '2025-10-06',
      competence: '2025-10-01',
      provider: { document: provider, regime: 'normal', regime_detail: '0' },
      taker: { document: taker },
      service: { code: '07498', item: null },
      service_value_cents: 845_000,
      iss_rate_bp: 500,
      iss_withheld: true,
      declared: {
        inss_cents: 92_950,
        irrf_cents: 0,
        pis_cents: 5_493,
        cofins_cents: 25_350,
        csll_cents: 8_450,
        iss_cents: 42_250,
        net_cents: 845_000 - 92_950 - 5_493 - 25_350 - 8_450 - 42_250,
      },
    });
  });

  test('a cancelled one (StatusNFe C) is its cancellation, by its provider and number; a lost one (E) is said', () => {
    const r = readNfseText(
      answer(
        nfe(1000, 'N'),
        nfe(1001, 'C', '<DataCancelamento>2025-10-09T08:00:00</DataCancelamento>'),
        nfe(1002, 'E'),
      ),
    );
    if (!r.ok) throw new Error(r.finding.message);
    expect(r.invoices.map((i) => i.number)).toEqual(['1000']);
    expect(r.cancellations).toEqual([
      { access_key: `${provider}/1001`, date: '2025-10-09', reason: 'StatusNFe C (cancelada)' },
    ]);
    expect(r.warnings.map((w) => w.params)).toContainEqual({ element: 'StatusNFe', value: 'E' });
  });

  test('inside the SOAP answer (ConsultaNFeResponse/RetornoXML, escaped) too', () => {
    const escaped = answer(nfe(1000, 'N'))
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;');
    const soap = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ConsultaNFeResponse xmlns="http://www.prefeitura.sp.gov.br/nfe"><RetornoXML>${escaped}</RetornoXML></ConsultaNFeResponse></soap:Body></soap:Envelope>`;
    const r = readNfseText(soap);
    if (!r.ok) throw new Error(r.finding.message);
    expect(r.invoices.map((i) => [i.kind, i.number])).toEqual([['paulistana', '1000']]);
  });
});
