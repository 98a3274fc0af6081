import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBoleto } from '../../src/domain/boleto/index.js';
import { cancellationEventXml } from '../../src/formats/nfse/write.js';
import { jsonLines, leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/**
 * #55: the month's service invoices, end to end. The sandbox plays five suppliers (`condo sandbox nfse`); `nfse
 * check` works their withholdings out offline; `nfse import` makes the payables, once; `nfse deadlines` says when
 * each is due. October 2025: INSS due 19/11 (the 20th a holiday), EFD-Reinf 17/11 (the 15th a Saturday).
 */

let s: Session;
let dir: string;
let files: string[];
const MONTH = '10/2025';

beforeAll(async () => {
  // bills: the suppliers have payables, whose chart accounts their invoices take
  s = await sandboxSession({ bills: true });
  dir = join(s.condo.configDir, 'notas');
  const out = await s.condo.ok(['sandbox', 'nfse', '--data-dir', s.dataDir, '--month', MONTH, '-O', dir]);
  files = out.trim().split('\n');
});
afterAll(() => s?.close());

/** A supplier's boleto payable as `dda import` would have entered it: a valid barcode of the bank and amount. */
async function ddaBoletoPayable(
  chart: number,
  b: {
    bank: string;
    due: string;
    cents: number;
    freeField: string;
    supplier: string;
    amount: string;
    description: string;
  },
) {
  const { barcode } = buildBoleto({
    bankCode: b.bank,
    dueDate: b.due,
    amountCents: b.cents,
    freeField: b.freeField,
  });
  const boleto = await s.condo.json([
    ...[
      'payables',
      'create',
      '--supplier',
      b.supplier,
      '--chart-account',
      String(chart),
      '--method',
      'boleto',
    ],
    ...['--amount', b.amount, '--due', b.due, '--document', barcode, '--description', b.description],
  ]);
  return boleto;
}

const named = (part: string) => files.find((f) => f.includes(part)) ?? '';

describe('nfse check, offline', () => {
  test('six invoices, one case of the rules each, one in São Paulo’s own layout (#71); the gardener’s CSLL left out is the one divergence (exit 1)', async () => {
    expect(files).toHaveLength(6);
    expect((await readdir(dir)).length).toBe(6);
    const r = await s.condo.run(['--json', 'nfse', 'check', dir]);
    expect(r.exitCode, r.stderr).toBe(1);
    // one line a file (#71), its invoices in an array and the file's own outcome
    const lines = jsonLines(r.stdout);
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l.outcome).sort()).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'needs_person',
    ]);
    const byFile = new Map(lines.map((l) => [l.file.replace(/.*-\d+-/, ''), l.invoices[0]]));
    expect(byFile.get('limpeza.xml')).toMatchObject({
      kind: 'nfse',
      service: { item: '7.10' },
      service_value_cents: 845_000,
      computed: {
        inss_cents: 92_950,
        pis_cents: 5_493,
        cofins_cents: 25_350,
        csll_cents: 8_450,
        net_cents: 712_757,
      },
      divergences: [],
      due: [
        { tax: 'inss', date: '2025-11-19', rule: 'inss-dia-20' },
        { tax: 'pcc', date: '2025-11-19', rule: 'federais-segundo-decendio' },
      ],
    });
    // Simples Anexo IV: INSS, no PCC; its ISS withheld by the taker, as the invoice says (2% of R$ 12.300,00)
    expect(byFile.get('portaria.xml')).toMatchObject({
      provider: { regime: 'simples' },
      iss_withheld: true,
      computed: { inss_cents: 135_300, pis_cents: 0, iss_cents: 24_600, net_cents: 1_070_100 },
    });
    expect(byFile.get('eletricista.xml')?.notes.join(' ')).toContain('20% CPP');
    expect(byFile.get('reparo-elevador.xml')?.computed).toMatchObject({ inss_cents: 0, pis_cents: 0 });
    expect(byFile.get('jardinagem.xml')?.divergences).toEqual([
      {
        tax: 'csll',
        declared_cents: 0,
        computed_cents: 2_600,
        rule: 'pis-cofins-csll',
        reason: 'CSLL: the invoice declares R$ 0,00, the rules give R$ 26,00',
      },
    ]);
    // São Paulo's note: its values at their names, its service code the city's (no LC 116 item: said)
    const sp = lines.find((l) => l.file.endsWith('manutencao-elevadores.xml'))?.invoices[0];
    expect(sp).toMatchObject({
      kind: 'paulistana',
      service_value_cents: 145_000,
      iss_withheld: false,
      service: { code: '02919', item: null },
    });
    expect(r.stderr).toContain('6 invoices, 1 differs from the rules');
  });

  test('--explain names every rule with its source, in Portuguese on a screen too', async () => {
    const r = await s.condo.run(['--json', 'nfse', 'check', named('limpeza'), '--explain']);
    expect(r.exitCode).toBe(0);
    const [file] = jsonLines(r.stdout);
    const one = file.invoices[0];
    expect(one.explain.map((e: any) => [e.rule, e.applied])).toEqual([
      ['inss-cessao-empreitada', true],
      ['pis-cofins-csll', true],
      ['irrf-limpeza-seguranca', false],
      ['iss-pelo-tomador', false],
    ]);
    expect(one.explain[0].citation).toContain('Lei 8.212/1991 art. 31');
    const pt = await s.condo.run([
      '--lang',
      'pt-BR',
      '-o',
      'table',
      'nfse',
      'check',
      named('limpeza'),
      '--explain',
    ]);
    expect(pt.stdout).toContain('INSS 11% de R$ 8.450,00: R$ 929,50');
    expect(pt.stdout).toContain('IRRF: não retido pela política da administradora');
    expect(pt.stdout).toContain('vence INSS 19/11/2025');
  });

  test('a file that is not XML: exit 2, named with its line and column; the others still checked', async () => {
    const bad = join(s.condo.configDir, 'quebrada.xml');
    await writeFile(bad, '<?xml version="1.0"?>\n<NFSe>\n  <infNFSe>\n  </NFSe>\n');
    const r = await s.condo.run(['nfse', 'check', bad, named('limpeza')]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/quebrada\.xml:4:3: not well-formed XML: Expected closing tag 'infNFSe'/);
    expect(r.stdout).toContain('limpeza');
  });
});

describe('nfse import', () => {
  test('--dry-run says it all and writes nothing; without the flags a person needs, exit 1', async () => {
    const before = (await s.condo.json('payables list --all')).length;
    const dry = await s.condo.run(['--json', 'nfse', 'import', dir, '--dry-run']);
    expect(dry.exitCode).toBe(1);
    const out = JSON.parse(dry.stdout);
    expect(out.invoices.map((l: any) => l.status).sort()).toEqual([
      'differs',
      'unknown provider',
      'would create',
      'would create',
      'would create',
      'would create',
    ]);
    expect(out.taxes.map((t: any) => [t.tax, t.amount_cents, t.due_date])).toEqual([
      ['inss', 92_950 + 135_300, '2025-11-19'],
      ['pcc', 5_493 + 25_350 + 8_450, '2025-11-19'],
      // the municipality's date is not known: the 10th, said so
      ['iss', 24_600, '2025-11-10'],
    ]);
    expect(out.taxes.at(-1).note).toContain("the municipality's due date is not known");
    expect((await s.condo.json('payables list --all')).length).toBe(before);
  });

  test('another condominium’s invoice, and a provider whose CNPJ fails: refused (exit 2), nothing created', async () => {
    const xml = await readFile(named('limpeza'), 'utf8');
    const taker = /<toma><CNPJ>(\d+)/.exec(xml)?.[1] ?? '';
    const other = join(s.condo.configDir, 'outro.xml');
    await writeFile(other, xml.replace(`<toma><CNPJ>${taker}</CNPJ>`, '<toma><CNPJ>33000167000101</CNPJ>'));
    const r = await s.condo.run(['nfse', 'import', other, '--dry-run']);
    expect(r.exitCode, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toMatch(/refused.*its taker is 33000167000101/);
    const forged = join(s.condo.configDir, 'falsa.xml');
    const provider = /<emit><CNPJ>(\d+)<\/CNPJ>/.exec(xml)?.[1] ?? '';
    await writeFile(forged, xml.replaceAll(provider, `${provider.slice(0, 12)}00`));
    const f = await s.condo.run(['nfse', 'import', forged]);
    expect(f.exitCode, f.stdout + f.stderr).toBe(2);
    expect(f.stdout).toContain('fails its check digits');
    expect(await s.condo.json('payables list --search NFS-e')).toEqual([]);
  });

  test('a boleto the DDA brought in is the supplier’s payable; the rest created; the taxes grow per month; again: replayed', async () => {
    const chart = await leafExpenseAccount(s.condo);
    // the security firm's boleto of the net (R$ 12.300,00 − INSS 1.353,00 − ISS 246,00), as dda import would have entered it
    const boleto = await ddaBoletoPayable(chart, {
      bank: '341',
      due: '2025-11-05',
      cents: 1_070_100,
      freeField: '1090000123400012345678000',
      supplier: 'Vigilare',
      amount: '10.701,00',
      description: 'Portaria outubro',
    });
    const run = [
      '--json',
      'nfse',
      'import',
      dir,
      '--create-suppliers',
      '--chart-account',
      String(chart),
      '--accept-computed',
    ];
    const r = await s.condo.run(run);
    expect(r.exitCode, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    const portaria = out.invoices.find((l: any) => l.file.endsWith('portaria.xml'));
    expect(portaria).toMatchObject({
      status: 'linked',
      payable_id: boleto.public_id,
      due_date: '2025-11-05',
    });
    expect(out.invoices.filter((l: any) => l.status === 'created')).toHaveLength(5);
    const shown = await s.condo.json(['payables', 'show', boleto.public_id]);
    expect(shown.amount).toBe(1_070_100);
    expect(shown.notes).toMatch(/NFS-e nº 251002, chave \d{50}/);
    const limpeza = out.invoices.find((l: any) => l.file.endsWith('limpeza.xml'));
    expect((await s.condo.json(['payables', 'show', limpeza.payable_id])).amount).toBe(712_757);
    // the gardener's accepted with the rules' CSLL: PCC 4,65% of 2.600,00 joins the month's
    const taxes = (await s.condo.json('payables list --search retid --all')).map((p: any) => [
      p.description,
      p.amount,
      p.due_date,
    ]);
    expect(taxes).toEqual(
      expect.arrayContaining([
        ['INSS retido (cessão de mão de obra) 10/2025, aguardando a guia da DCTFWeb', 228_250, '2025-11-19'],
        ['PIS/COFINS/CSLL retidos 10/2025, aguardando a guia da DCTFWeb', 39_293 + 12_090, '2025-11-19'],
      ]),
    );
    const again = await s.condo.run(run);
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ replayed: true });
    expect(again.stderr).toContain('replayed: every invoice of these files was imported before');
  });

  test('nfse deadlines: the month’s withholdings and declarations by date', async () => {
    const rows = await s.condo.json(['nfse', 'deadlines', '--month', MONTH]);
    expect(rows.map((r: any) => [r.due_date, r.what, r.amount_cents])).toEqual([
      ['2025-11-10', 'ISS', 24_600],
      ['2025-11-17', 'EFD-Reinf R-2010', null],
      ['2025-11-17', 'EFD-Reinf R-4020', null],
      ['2025-11-19', 'INSS', 228_250],
      ['2025-11-19', 'PIS/COFINS/CSLL', 51_383],
      ['2025-11-28', 'DCTFWeb', null],
    ]);
    const excel = await s.condo.run(['nfse', 'deadlines', '--month', MONTH, '-o', 'csv', '--excel']);
    expect(excel.stdout).toContain(';INSS;2282,50;');
  });

  test("São Paulo's note cancelled (StatusNFe C): its pending payable deleted, found by its provider and number (#71)", async () => {
    const xml = await readFile(named('manutencao-elevadores'), 'utf8');
    const cancelled = join(s.condo.configDir, 'cancelada-sp.xml');
    await writeFile(
      cancelled,
      xml.replace(
        '<StatusNFe>N</StatusNFe>',
        '<StatusNFe>C</StatusNFe><DataCancelamento>2025-10-20T09:00:00</DataCancelamento>',
      ),
    );
    const r = await s.condo.run(['--json', 'nfse', 'import', cancelled]);
    expect(r.exitCode, r.stderr).toBe(0);
    const [line] = JSON.parse(r.stdout).cancellations;
    expect(line).toMatchObject({ status: 'deleted', access_key: expect.stringMatching(/^\d{14}\/\d+$/) });
    expect((await s.condo.run(['payables', 'show', line.payable_id])).exitCode).toBe(4);
  });

  test('a cancellation event: the invoice’s pending payable deleted, its taxes taken out of the month’s', async () => {
    const xml = await readFile(named('limpeza'), 'utf8');
    const key = /Id="NFS(\d{50})"/.exec(xml)?.[1] ?? '';
    const event = join(s.condo.configDir, `e101101${key}.xml`);
    await writeFile(
      event,
      cancellationEventXml({
        accessKey: key,
        cnpj: '00000000000000',
        at: '2025-10-20T10:00:00-03:00',
        reason: 'Valor errado',
      }),
    );
    const r = await s.condo.run(['--json', 'nfse', 'import', event]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).cancellations.map((c: any) => [c.status, c.removed_cents ?? null])).toEqual([
      ['reduced', 92_950],
      ['reduced', 39_293],
      ['deleted', null],
    ]);
    const rows = await s.condo.json(['nfse', 'deadlines', '--month', MONTH]);
    expect(rows.filter((x: any) => x.kind === 'withholding').map((x: any) => x.amount_cents)).toEqual([
      24_600, 135_300, 12_090,
    ]);
  });

  test('a DDA boleto of the gross is left for a person (exit 1): paid whole while the taxes are withheld, the supplier would get them twice', async () => {
    const chart = await leafExpenseAccount(s.condo);
    const gross = await ddaBoletoPayable(chart, {
      bank: '237',
      due: '2025-11-10',
      cents: 845_000,
      freeField: '3321090000091200712345000',
      supplier: 'Brilho',
      amount: '8.450,00',
      description: 'Limpeza outubro (boleto)',
    });
    // the cleaning invoice again, its earlier import cancelled above
    const r = await s.condo.run([
      '--json',
      'nfse',
      'import',
      named('limpeza'),
      '--chart-account',
      String(chart),
    ]);
    expect(r.exitCode, r.stderr).toBe(1);
    const [line] = JSON.parse(r.stdout).invoices;
    expect(line).toMatchObject({ status: 'gross boleto', payable_id: gross.public_id });
    expect(line.note).toContain("is of the gross R$ 8.450,00, the invoice's net is R$ 7.127,57");
    expect((await s.condo.json(['payables', 'show', gross.public_id])).notes ?? '').not.toContain('NFS-e');
  });

  test('forty invoices of one month: the month’s INSS opens a second guide when the first lists as many as it holds; a re-run adds nothing', async () => {
    const xml = await readFile(named('portaria'), 'utf8');
    const key = /Id="NFS(\d{50})"/.exec(xml)?.[1] ?? '';
    const folder = join(s.condo.configDir, 'quarenta');
    await mkdir(folder);
    for (let i = 0; i < 40; i++) {
      const k = `${key.slice(0, 41)}${String(100_000_000 + i).slice(-9)}`;
      // issued in November 2025: a month of their own
      const copy = xml
        .replaceAll(key, k)
        .replaceAll('2025-10-', '2025-11-')
        .replace('<nNFSe>', `<nNFSe>7${i}`);
      await writeFile(join(folder, `n${String(i).padStart(2, '0')}.xml`), copy);
    }
    const chart = await leafExpenseAccount(s.condo);
    const run = ['--json', 'nfse', 'import', folder, '--chart-account', String(chart)];
    expect((await s.condo.run(run)).exitCode).toBe(0);
    expect(JSON.parse((await s.condo.run(run)).stdout)).toMatchObject({ replayed: true });
    const inss = (await s.condo.json(['nfse', 'deadlines', '--month', '11/2025'])).filter(
      (r: any) => r.what === 'INSS',
    );
    expect(inss.length).toBe(2);
    expect(inss.reduce((sum: number, r: any) => sum + r.amount_cents, 0)).toBe(40 * 135_300);
  });
});
