import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleLine, verbsOf } from '../../src/cli/declare.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { COMPLETION_COMMAND, declarations, HELP_COMMAND } from '../../src/cli/verbs/index.js';
import { CONDO_BIN, runProcess, type Session, sandboxSession } from './harness.js';

/** #10 points 5 and 7: the screens in Brazilian Portuguese, csv for Excel, help that teaches, completion. */

let s: Session;

beforeAll(async () => {
  s = await sandboxSession({ bills: true });
});
afterAll(() => s.close());

/** Every verb, as `condo help` lists it: the leaves of the command tree, by walking each group's --help. */
async function verbs(path: string[] = []): Promise<string[]> {
  const help = await s.condo.ok([...path, '--help']);
  const commands = help.slice(help.indexOf('Commands:'));
  const names = help.includes('Commands:')
    ? [...commands.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1] as string).filter((n) => n !== 'help')
    : [];
  if (names.length === 0) return [path.join(' ')];
  return (await Promise.all(names.map((n) => verbs([...path, n])))).flat();
}

describe('help that teaches', () => {
  test("every verb's --help has 1 to 3 real examples and names where the global flags are (condo help globals)", async () => {
    const EXAMPLES = Object.fromEntries(
      [...verbsOf(await declarations())].map(([path, verb]) => [path, verb.examples.map(exampleLine)]),
    );
    EXAMPLES.help = HELP_COMMAND.examples.map(exampleLine);
    EXAMPLES.completion = COMPLETION_COMMAND.examples.map(exampleLine);
    const all = await verbs();
    expect(all.length).toBeGreaterThan(50);
    for (const verb of all) {
      const examples = EXAMPLES[verb];
      expect(examples, `examples for "${verb}"`).toBeDefined();
      expect(examples?.length, verb).toBeGreaterThanOrEqual(1);
      expect(examples?.length, verb).toBeLessThanOrEqual(3);
      const help = await s.condo.ok([...verb.split(' '), '--help']);
      expect(help, verb).toContain('Examples:');
      for (const example of examples ?? []) expect(help).toContain(`$ ${example}`);
      // a page of its own (#72): the global flags in one line, listed by `condo help globals`, not repeated
      if (verb !== 'help') {
        expect(help, verb).toContain(
          'Global options (--profile, --json, -o, --lang, --quiet, --debug, …): condo help globals',
        );
        expect(help, verb).not.toContain('Global Options:');
      }
    }
    // and each example names a verb that exists
    for (const [verb, examples] of Object.entries(EXAMPLES))
      for (const example of examples)
        if (example.startsWith('condo '))
          expect(example, verb).toMatch(new RegExp(`^condo (\\S+ )*${verb.split(' ').at(-1)}\\b`));
  });

  test('condo help TOPIC: exit codes, formats, environment, cron; a wrong one lists them', async () => {
    for (const topic of Object.keys(HELP_TOPICS)) {
      const text = await s.condo.ok(['help', topic]);
      expect(text.length, topic).toBeGreaterThan(200);
    }
    expect(await s.condo.ok('help exit-codes')).toMatch(/^ {2}4 {4}not found/m);
    expect(await s.condo.ok('help environment')).toContain('CONDO_RETRY_BUDGET_SECONDS');
    expect(await s.condo.ok('help payables list')).toContain('--rejected');
    const index = await s.condo.ok('help');
    expect(index).toMatch(/Topics \(condo help TOPIC\):[\s\S]*exit-codes/);
    const wrong = await s.condo.run('help nothing');
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('topics: globals, exit-codes, formats, environment, cron');
    // the global flags, once (#72): what every page's last line points to
    const globals = await s.condo.ok(['help', 'globals']);
    expect(globals).toMatch(/--profile <name>[\s\S]*--json[\s\S]*--lang <lang>[\s\S]*--excel/);
    expect(await s.condo.ok(['help'])).toMatch(/globals +the options every command takes/);
  });

  test('completion: bash completes commands, flags and enum values, through the real binary', async () => {
    const bin = await mkdtemp(join(tmpdir(), 'condo-completion-'));
    await writeFile(join(bin, 'condo'), `#!/bin/sh\nexec "${process.execPath}" "${CONDO_BIN}" "$@"\n`);
    await chmod(join(bin, 'condo'), 0o755);
    const complete = async (words: string[]) => {
      const line = words.map((w) => `'${w}'`).join(' ');
      const script = `source <(condo completion bash); COMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _condo_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const r = await runProcess('bash', ['-c', script], {
        env: { ...s.condo.env, PATH: `${bin}:${process.env.PATH}` },
      });
      return r.stdout.split('\n').filter(Boolean);
    };
    expect(await complete(['condo', 'pay'])).toEqual(['payables']);
    expect(await complete(['condo', 'payables', ''])).toEqual(
      expect.arrayContaining(['list', 'show', 'mark', 'create']),
    );
    expect(await complete(['condo', 'payables', 'list', '--rej'])).toEqual(['--rejected']);
    expect(await complete(['condo', 'payables', 'list', '--state', 'ma'])).toEqual(['marked_for_remessa']);
    expect(await complete(['condo', '-o', ''])).toEqual(['csv', 'json', 'table', 'tsv']);
    expect(await complete(['condo', 'report', 'paid', '--by', ''])).toEqual(['chart-account', 'supplier']);
    expect(await complete(['condo', 'payables', 'list', '--pro'])).toEqual(['--profile', '--profiles']);
    for (const shell of ['zsh', 'fish', 'powershell'])
      expect(await s.condo.ok(['completion', shell])).toContain('condo __complete');
    expect((await s.condo.run('completion tcsh')).exitCode).toBe(2);
    await rm(bin, { recursive: true, force: true });
  });

  test('a boleto or utility-bill barcode is refused when the payable is created or updated, with the reason', async () => {
    const chart = (await s.condo.json('ledger chart --type expense --state active')).at(-1).id;
    const base = [
      'payables',
      'create',
      '--payee',
      'DAERP',
      '--chart-account',
      String(chart),
      '--amount',
      '174,29',
    ];
    const utility = await s.condo.run([
      ...base,
      '--method',
      'boleto',
      '--due',
      '+5d',
      '--description',
      'Água',
      '--document',
      '826000000012742900100011111111111111111111111111',
    ]);
    expect(utility.exitCode).toBe(2);
    expect(utility.stderr).toMatch(
      /--document is not a valid boleto barcode or linha digitável: check digit/,
    );
    const created = await s.condo.json([...base, '--method', 'ted', '--due', '+5d', '--description', 'Água']);
    const update = await s.condo.run([
      'payables',
      'update',
      created.public_id,
      '--method',
      'boleto',
      '--document',
      '23790000000000000000000000000000000000000000000',
    ]);
    expect(update.exitCode).toBe(2);
    expect(update.stderr).toMatch(/--document is not a valid boleto barcode or linha digitável: check digit/);
  });
});

describe('Brazilian Portuguese', () => {
  const pt = { ...process.env, LANG: 'pt_BR.UTF-8' };

  test('LANG=pt_BR: labels, states and help in Portuguese; --lang en wins; machine output the same', async () => {
    const rejected = (await s.condo.json('payables list --rejected'))[0];
    const env = { ...s.condo.env, LANG: pt.LANG };
    const show = await s.condo.run(['-o', 'table', 'payables', 'show', rejected.public_id], { env });
    expect(show.stdout).toMatch(/^Estado +rejeitado$/m);
    expect(show.stdout).toMatch(/^Conta contábil +2\.3\.03 Jardinagem \(\d+\)$/m);
    expect(show.stdout).toContain('RESULTADO');
    expect(show.stdout).toContain('próximo passo: corrija o que o banco apontou');
    const english = await s.condo.run(
      ['--lang', 'en', '-o', 'table', 'payables', 'show', rejected.public_id],
      { env },
    );
    expect(english.stdout).toMatch(/^State +rejected$/m);
    const help = await s.condo.run(['payables', 'list', '--help'], { env });
    expect(help.stdout).toContain(
      'Opções globais (--profile, --json, -o, --lang, --quiet, --debug, …): condo help globals',
    );
    expect(help.stdout).toContain('Exemplos:');
    for (const args of [
      ['payables', 'list'],
      ['--json', 'payables', 'show', rejected.public_id],
      ['-o', 'csv', 'payables', 'list'],
    ])
      expect((await s.condo.run(args, { env })).stdout).toBe((await s.condo.run(args)).stdout);
    const bad = await s.condo.run(['--lang', 'fr', 'payables', 'list']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--lang: "fr" is not one of pt-BR, en');
  });

  test("cnab inspect's summary in Portuguese, naming the remittance's dialect, every line within 80 columns", async () => {
    const [batch] = await s.condo.json('batches list');
    const rem = join(s.condo.configDir, 'lote-pt.rem');
    await s.condo.ok(['batches', 'download', batch.public_id, '-O', rem]);
    const env = { ...s.condo.env, LANG: pt.LANG, COLUMNS: '80' };
    const out = (await s.condo.run(['-o', 'table', 'cnab', 'inspect', rem], { env })).stdout;
    expect(out).toMatch(/^ {2}banco 341 .* · pagamento remessa · \d+ linhas$/m);
    expect(out).toMatch(/^ {2}dialeto Itaú SISPAG, leiaute 080 · agência \d+ conta \d+$/m);
    expect(out).toMatch(/^ {2}\d+ pagamentos?, total R\$\s[\d.,]+$/m);
    for (const line of out.split('\n').slice(1, 6)) expect(line.length).toBeLessThanOrEqual(80);
  });

  test('errors name the flags, in Portuguese on a Portuguese machine', async () => {
    const env = { ...s.condo.env, LANG: pt.LANG };
    const r = await s.condo.run(['suppliers', 'update', 'Brilho', '--pix-key', 'nada'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^erro: --pix-key não é uma chave PIX/m);
    expect(r.stderr).not.toContain('pix_key');
  });

  test('the API never speaks through the CLI in its own field names', async () => {
    const past = await s.condo.run(['batches', 'create', '--date', '2020-03-02', '--yes']);
    expect(past.exitCode).toBe(2);
    expect(past.stderr).toContain('--date: 02/03/2020 is in the past');
    const ofx = join(s.condo.configDir, 'other.ofx');
    await s.condo.ok(['sandbox', 'statement', '--data-dir', s.dataDir, '-O', ofx, '--force']);
    const other = (await s.condo.json('bank-accounts list')).find((a: any) => !a.is_payment_account).id;
    const mismatch = await s.condo.run(['statements', 'import', ofx, '--account', String(other)]);
    expect(mismatch.exitCode).toBe(2);
    const line = mismatch.stderr.split('\n').find((l) => l.startsWith('error:')) ?? '';
    expect(line).toContain('add --force to import it anyway');
    expect(line).not.toContain('force=true');
    // each reason once: the headline's lines are not repeated as a field
    expect(line.split('the statement is for bank').length).toBe(2);
    const unknown = await s.condo.run([
      'payables',
      'create',
      '--payee',
      'x',
      '--chart-account',
      '999999',
      '--amount',
      '10',
      '--method',
      'ted',
      '--due',
      '+3d',
      '--description',
      'y',
    ]);
    expect(unknown.stderr).toMatch(
      /^error: --chart-account does not exist in this condominium \(validation_failed/m,
    );
  });

  test('csv --excel: ; separators, decimal commas, a BOM; every csv guards formulas', async () => {
    const chart = (await s.condo.json('ledger chart --type expense --state active')).at(-1).id;
    await s.condo.ok([
      'payables',
      'create',
      '--payee',
      '=HYPERLINK("http://evil.example","clique")',
      '--chart-account',
      String(chart),
      '--amount',
      '1.234,56',
      '--method',
      'cash',
      '--due',
      '+3d',
      '--description',
      '+55 mensagem',
    ]);
    const plain = await s.condo.ok('-o csv payables list --method cash');
    expect(plain).toContain(`"'=HYPERLINK(""http://evil.example"",""clique"")"`);
    expect(plain).toContain(",'+55 mensagem");
    expect(plain).toContain(',1234.56,');
    const excel = await s.condo.ok('-o csv --excel payables list --method cash');
    expect(excel.startsWith('\uFEFFID;STATE;DUE;AMOUNT;METHOD;PAYEE;DESCRIPTION')).toBe(true);
    expect(excel).toContain(';1234,56;');
    expect(excel).toContain(`;"'=HYPERLINK(""http://evil.example"",""clique"")";`);
  });
});
