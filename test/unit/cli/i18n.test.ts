import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { batchMade } from '../../../src/cli/commands/batches.js';
import { defaultersTotals } from '../../../src/cli/commands/reports.js';
import { english, loadTranslator, prefixed, resolveLang } from '../../../src/cli/i18n.js';
import type { Io } from '../../../src/cli/io.js';
import { whatIsLeft } from '../../../src/cli/lists.js';
import { condominiumsAnswered } from '../../../src/cli/profiles.js';
import { buildProgram } from '../../../src/cli/program.js';
import { payableRefusal } from '../../../src/domain/payable-refusals.js';
import { payableActionRefusal } from '../../../src/domain/payables.js';
import { bankFinding } from '../../../src/formats/cnab240/bank-findings.js';
import { trailerSumProblem } from '../../../src/formats/cnab240/checks.js';

describe('the language of the screens', () => {
  test('--lang wins; then CONDO_LANG, LC_ALL, LC_MESSAGES, LANG; any pt locale is Portuguese', () => {
    expect(resolveLang(undefined, { LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(resolveLang(undefined, { LANG: 'pt_PT.UTF-8' })).toBe('pt-BR');
    expect(resolveLang(undefined, { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(resolveLang(undefined, {})).toBe('en');
    expect(resolveLang(undefined, { LANG: 'pt_BR.UTF-8', LC_ALL: 'C' })).toBe('en');
    expect(resolveLang(undefined, { LANG: 'en_US', CONDO_LANG: 'pt-BR' })).toBe('pt-BR');
    expect(resolveLang('en', { LANG: 'pt_BR.UTF-8' })).toBe('en');
    expect(resolveLang('pt_br', {})).toBe('pt-BR');
    expect(() => resolveLang('fr', {})).toThrow('--lang: "fr" is not one of pt-BR, en');
  });

  test('every command and every flag has its help in Portuguese', async () => {
    const io = {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      color: false,
      env: {},
    } as Io;
    const english = await buildProgram(io, () => undefined);
    const portuguese = await buildProgram(io, () => undefined, undefined, await loadTranslator('pt-BR'));
    const missing: string[] = [];
    const walk = (en: Command, pt: Command) => {
      if (en.description() && pt.description() === en.description()) missing.push(en.description());
      en.options.forEach((o, i) => {
        if (o.description && pt.options[i]?.description === o.description) missing.push(o.description);
      });
      en.commands.forEach((sub, i) => {
        walk(sub, pt.commands[i] as Command);
      });
    };
    walk(english, portuguese);
    expect(missing).toEqual([]);
  });

  // #54: a sentence with values is declared in both languages where it is made, not translated after the fact
  test('a list cut by --limit says so in Portuguese too', async () => {
    const t = await loadTranslator('pt-BR');
    expect(t(whatIsLeft(1, 2, 1))).toBe('Mostrando 1 de 2 (--limit 1)');
    expect(t(whatIsLeft(30, undefined, 30))).toBe('Mostrando as primeiras 30 (--limit 30)');
    expect(english(whatIsLeft(30, undefined, 30))).toBe('Showing the first 30 (--limit 30)');
    expect(t('download')).toBe('baixando');
    const batch = {
      public_id: '01J',
      payables_count: 1,
      total_amount: 1245000,
      file_name: 'L.rem',
      file_sequence: 3,
    };
    expect(t(batchMade(batch))).toBe('lote 01J: 1 conta, R$ 12.450,00, arquivo L.rem (NSA 3)');
    expect(english(batchMade(batch))).toBe('batch 01J: 1 payable, R$ 12.450,00, file L.rem (NSA 3)');
  });

  // a bulk command's count is written in both languages where it is made (test/unit/cli/bulk-end.test.ts)
  test("a count agrees with its number in Portuguese: the defaulters' totals", async () => {
    const t = await loadTranslator('pt-BR');
    const said: [[number, number, number], string, string][] = [
      [
        [1, 1, 85000],
        '1 unit, 1 invoice, R$ 850,00 outstanding',
        '1 unidade, 1 cobrança, R$ 850,00 em aberto',
      ],
      [
        [1, 4, 340000],
        '1 unit, 4 invoices, R$ 3.400,00 outstanding',
        '1 unidade, 4 cobranças, R$ 3.400,00 em aberto',
      ],
      [
        [5, 11, 1075000],
        '5 units, 11 invoices, R$ 10.750,00 outstanding',
        '5 unidades, 11 cobranças, R$ 10.750,00 em aberto',
      ],
    ];
    for (const [counts, inEnglish, portuguese] of said) {
      expect(english(defaultersTotals(...counts))).toBe(inEnglish);
      expect(t(defaultersTotals(...counts))).toBe(portuguese);
    }
  });

  test('words with a variable part', async () => {
    const t = await loadTranslator('pt-BR');
    expect(t(whatIsLeft(25, 49, undefined))).toBe('Mostrando 25 de 49: --all para todas as linhas');
    expect(t('rejected')).toBe('rejeitado');
    expect(t('a text nobody translated')).toBe('a text nobody translated');
    expect((await loadTranslator('en'))('rejected')).toBe('rejected');
    // the fixed phrases of a message with values around them (#54: the others are said where they are made)
    expect(t(payableActionRefusal('update', 'marked_for_remessa') ?? '')).toBe(
      'não é possível alterar uma conta marcada para remessa (só pendente)',
    );
  });

  test('a verb agrees with its count', async () => {
    const t = await loadTranslator('pt-BR');
    expect(english(condominiumsAnswered(1, 2, 1))).toBe('1 of 2 condominiums answered; 1 failed (above)');
    expect(t(condominiumsAnswered(1, 2, 1))).toBe('1 de 2 condomínios respondeu; 1 falhou (acima)');
    expect(t(condominiumsAnswered(4, 6, 2))).toBe('4 de 6 condomínios responderam; 2 falharam (acima)');
  });

  test('a reader’s amounts (1234.56) read as a Brazilian reads them', async () => {
    const t = await loadTranslator('pt-BR');
    // said by its code (#54): the reader's English keeps 1234.50, the Portuguese reads it as reais
    const sum = trailerSumProblem({
      number: 2,
      stated: 123450,
      wide: null,
      all: 120000,
      accepted: 120000,
      retorno: false,
    });
    expect(sum?.message).toBe('lote 2 trailer sum 1234.50, the details total 1200.00');
    expect(t(sum?.finding ?? '')).toBe(
      'a soma do trailer do lote 2 é R$ 1.234,50; os detalhes somam R$ 1.200,00',
    );
  });

  test('an example’s comment in Portuguese, above its command where both would pass 80 columns', async () => {
    const { exampleLines } = await import('../../../src/cli/program.js');
    const t = await loadTranslator('pt-BR');
    // the comment's Portuguese declared beside it (#66), not looked up by its English
    expect(exampleLines({ line: 'condo batches list   # from cron', pt: 'pelo cron' }, t)).toBe(
      '  $ condo batches list   # pelo cron',
    );
    const long = {
      line: 'condo --all-profiles payables list --due-to +7d   # due this week, every condominium',
      pt: 'vencendo nesta semana, em todo condomínio',
    };
    expect(exampleLines(long, t)).toBe(
      '  # vencendo nesta semana, em todo condomínio\n  $ condo --all-profiles payables list --due-to +7d',
    );
    // in English as declared, whatever its length
    expect(exampleLines(long, await loadTranslator('en'))).toBe(`  $ ${long.line}`);
  });

  test('the sandbox bank’s refusal, after the remittance’s path as bank-return says it', async () => {
    const t = await loadTranslator('pt-BR');
    const refusal = prefixed(t, 'z.rem: ', bankFinding('bank.no-such-payment', { wanted: 'X1', caixa: '' }));
    expect(refusal.en).toBe('z.rem: cannot reject "X1": no payment with that seu número in the remittance');
    expect(t(refusal)).toBe(
      'z.rem: não dá para rejeitar "X1": nenhum pagamento com esse seu número na remessa',
    );
  });

  test("commander's own usage errors", async () => {
    const t = await loadTranslator('pt-BR');
    expect(t("error: unknown command 'lst'\n(Did you mean list?)\n")).toBe(
      "erro: comando desconhecido 'lst'\n(Quis dizer list?)\n",
    );
    expect(t("error: unknown option '--bogus'\n")).toBe("erro: opção desconhecida '--bogus'\n");
    expect(t("error: missing required argument 'id'\n")).toBe("erro: falta o argumento obrigatório 'id'\n");
  });
});

describe('Portuguese by default where the user is Brazilian (#29)', () => {
  test("with no LANG or LC_* (Windows), the operating system's locale decides", () => {
    expect(resolveLang(undefined, {}, () => 'pt-BR')).toBe('pt-BR');
    expect(resolveLang(undefined, {}, () => 'en-US')).toBe('en');
    // what the environment says still wins, and the flag over everything
    expect(resolveLang(undefined, { LANG: 'C.UTF-8' }, () => 'pt-BR')).toBe('en');
    expect(resolveLang(undefined, { CONDO_LANG: 'en' }, () => 'pt-BR')).toBe('en');
    expect(resolveLang('en', {}, () => 'pt-BR')).toBe('en');
  });
  test("a boleto payable's refusal and warning read in Portuguese with their values", async () => {
    const t = await loadTranslator('pt-BR');
    // said by their codes (#54): the refusal the CLI makes offline, the warning as the server sends it
    const amount = payableRefusal('payable.boleto-amount', { boleto: 74_000, due: 60_000 });
    expect(amount.message).toBe(
      'the boleto is for R$ 740,00 but amount - discount + fine + interest is R$ 600,00',
    );
    expect(t(amount)).toBe('o boleto é de R$ 740,00, mas valor - desconto + multa + juros dá R$ 600,00');
    const due = payableRefusal('payable.boleto-due-date', { due: '2026-12-05', own: '2026-12-01' });
    expect(t(prefixed(t, '--due: ', due))).toBe(
      '--due: o vencimento 05/12/2026 difere do vencimento do próprio boleto, 01/12/2026',
    );
  });
});
