// #55: `condo nfse check` of a month's folder of 1,000 national NFS-e (the goal: within 2 s on this machine),
// against `condo nfse check` of one invoice (the same process, loading the same modules) and `node -e 0`, all in
// the same run. The invoices are written by the sandbox's own writer, every case of the rules in turn. Bundled and
// run by bench/run.mjs: node nfse-bench.mjs BIN NODE.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cnpjWithCheckDigits } from '../src/domain/documents.js';
import { ofRate } from '../src/domain/nfse/withholding.js';
import { nationalAccessKey, nationalInvoiceXml } from '../src/formats/nfse/write.js';
import { record } from './record.mjs';

const [bin = '', node = process.execPath] = process.argv.slice(2);
const COUNT = Number(process.env.BENCH_NFSE ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SERVICES = ['071002', '110201', '070201', '140101', '071101', '171901'];

function write(dir: string, count: number): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const cnpj = cnpjWithCheckDigits(String(20_000_000_0001 + (i % 300) * 10_000).padStart(12, '0'));
    const cents = 20_000 + ((i * 7919) % 2_000_000);
    const issuedAt = `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00-03:00`;
    const inss = ofRate(cents, 1100);
    writeFileSync(
      join(dir, `nfse-${i}.xml`),
      nationalInvoiceXml({
        accessKey: nationalAccessKey({ municipality: '3550308', cnpj, number: i + 1, issuedAt, code: i }),
        number: i + 1,
        issuedAt,
        municipality: { code: '3550308', name: 'São Paulo' },
        provider: { cnpj, name: `Prestador ${i % 300} & Filhos Ltda`, simples: 1 },
        taker: { cnpj: cnpjWithCheckDigits('112223330001'), name: 'Condomínio de Teste' },
        service: { code: SERVICES[i % SERVICES.length] as string, description: `Serviço do mês, nota ${i}` },
        serviceValue: cents,
        iss: {
          ratePercent: '2.00',
          withheldByTaker: i % 5 === 0,
          amount: Math.floor((cents * 200 + 5000) / 10000),
        },
        withheld: { inss, irrf: 0, pis: 0, cofins: 0, csll: 0 },
        net: cents - inss,
      }),
    );
  }
}

function median(args: string[], env: NodeJS.ProcessEnv): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(node, args, {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    // exit 1: some invoices differ from the rules, as a month's do
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return samples.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

const root = mkdtempSync(join(tmpdir(), 'condo-bench-nfse-'));
try {
  write(join(root, 'month'), COUNT);
  write(join(root, 'one'), 1);
  const env = { CONDO_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1', CI: '1' };
  const base = median(['-e', '0'], env);
  const one = median([bin, 'nfse', 'check', join(root, 'one'), '--json'], env);
  const month = median([bin, 'nfse', 'check', join(root, 'month'), '--json'], env);
  console.log('\nNFS-e (#55): nfse check, median of', RUNS, 'runs');
  console.log(`${'baseline: node -e 0'.padEnd(44)} ${base.toFixed(1).padStart(8)} ms`);
  record('baseline: node -e 0', Math.round(base * 10) / 10, 'ms', 1);
  record('nfse check, 1 invoice', Math.round(one * 10) / 10, 'ms', Math.round((one / base) * 100) / 100);
  record(`nfse check, ${COUNT} invoices`, Math.round(month), 'ms', Math.round((month / base) * 100) / 100, {
    of_one: Math.round((month / one) * 100) / 100,
  });
  console.log(
    `${'nfse check, 1 invoice'.padEnd(44)} ${one.toFixed(1).padStart(8)} ms  x${(one / base).toFixed(2)}`,
  );
  console.log(
    `${`nfse check, ${COUNT} invoices`.padEnd(44)} ${month.toFixed(1).padStart(8)} ms  x${(month / base).toFixed(2)}  (x${(month / one).toFixed(2)} of one; goal: within 2 s)`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
