import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { payerDocuments } from '../../../src/app/reconcile.js';
import { loadRules } from '../../../src/app/rules-file.js';
import { judge, type RuleLine, splitByShares } from '../../../src/domain/statement-rules.js';
import { holds } from '../../properties.js';

/** #35 point 2: the rules file read with its lines, a bad rule refused naming its line, and how rules match. */

async function rulesFile(text: string) {
  const dir = await mkdtemp(join(tmpdir(), 'condo-rules-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'conciliacao.yaml');
  await writeFile(path, text);
  return path;
}

const GOOD = `version: 1
rules:
  - id: tarifas
    match:
      memo: TARIFA
      direction: debit
      amount: -500,00..-0,01
    book:
      chart_account: 2.4.04
      description: Tarifas bancárias
  - id: pix-moradores
    match: { direction: credit, memo: '/PIX RECEBIDO \\d{3}\\./i' }
    settle_invoice: { by: payer_document }
  - id: agua
    match: { memo: SANEAMENTO, day: 1..15 }
    split:
      - { chart_account: 2.2.02, share: 70% }
      - { chart_account: 1.1.04, share: 30% }
`;

const line = (over: Partial<RuleLine>): RuleLine => ({
  movementId: null,
  line: 10,
  date: '2026-11-05',
  amountCents: -8950,
  memo: 'TARIFA PACOTE SERVICOS',
  name: null,
  fitid: 'F1',
  document: null,
  bankAccountId: 1,
  ...over,
});

describe('the rules file', () => {
  test('a good file: its rules in order, each with the line it starts on, money read from its text', async () => {
    const { rules } = await loadRules(await rulesFile(GOOD));
    expect(rules.map((r) => [r.id, r.line, r.action.kind])).toEqual([
      ['tarifas', 3, 'book'],
      ['pix-moradores', 11, 'settle_invoice'],
      ['agua', 14, 'split'],
    ]);
    expect(rules[0]?.match.amount).toEqual({ min: -50000, max: -1 });
    expect(rules[2]?.action).toEqual({
      kind: 'split',
      shares: [
        { chartAccount: '2.2.02', ppm: 700_000 },
        { chartAccount: '1.1.04', ppm: 300_000 },
      ],
    });
  });

  test.each([
    ['version: 2\nrules: []\n', 1, 'version 2 is not one condo reads (it reads version 1)'],
    ['rules: []\n', 1, 'the rules file has no version (write version: 1)'],
    [
      'version: 1\nrules:\n  - id: a\n    match: { memo: X }\n    book: { chart_account: 1 }\n  - id: a\n    match: { memo: Y }\n    book: { chart_account: 1 }\n',
      6,
      "rule a: the id is also the rule's on line 3",
    ],
    [
      'version: 1\nrules:\n  - id: a\n    match:\n      memo: X\n      amont: 10\n    book: { chart_account: 1 }\n',
      6,
      'amont is not a field here (fields: memo, amount, direction, document, key, day, account)',
    ],
    [
      'version: 1\nrules:\n  - id: a\n    match:\n      amount: 1,234\n    book: { chart_account: 1 }\n',
      5,
      'rule a: amount: "1,234" is ambiguous: write 1234,56 or 1.234,56 (at most two decimals)',
    ],
    [
      'version: 1\nrules:\n  - id: a\n    match: { memo: X }\n',
      3,
      'rule a: one action, book, settle_invoice or split (none given)',
    ],
    [
      'version: 1\nrules:\n  - id: a\n    match: { memo: X }\n    split:\n      - { chart_account: 1, share: 70% }\n      - { chart_account: 2, share: 20% }\n',
      5,
      'rule a: split: the shares add up to 90%, not 100%',
    ],
    [
      'version: 1\nrules:\n  - id: a\n    match: { memo: "/[/" }\n    book: { chart_account: 1 }\n',
      4,
      'rule a: memo: Invalid regular expression',
    ],
    [
      'version: 1\nrules:\n  - id: a\n    match: {}\n    book: { chart_account: 1 }\n',
      4,
      'rule a: match names no condition',
    ],
    ['version: 1\nrules:\n  - id: a\n   match: x\n', 4, ''],
  ])('a bad file is refused naming its line (%#)', async (text, lineNo, message) => {
    const path = await rulesFile(text);
    const error = await loadRules(path).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain(`${path}: line ${lineNo}: ${message}`);
  });
});

describe('matching', () => {
  test('the first rule whose every condition holds; none, with the closest rule and the condition that failed', async () => {
    const { rules } = await loadRules(await rulesFile(GOOD));
    expect(judge(rules, line({})).rule?.id).toBe('tarifas');
    // accents and case do not matter
    expect(judge(rules, line({ memo: 'Tarifa de manutenção' })).rule?.id).toBe('tarifas');
    expect(
      judge(rules, line({ memo: 'PIX RECEBIDO 163.053.544-30 PAULO', amountCents: 86700 })).rule?.id,
    ).toBe('pix-moradores');
    const big = judge(rules, line({ amountCents: -90_000 }), true);
    expect(big.rule).toBeNull();
    expect(big.closest).toEqual({
      rule: rules[0],
      failed: 'amount: -R$ 900,00 is not between -R$ 500,00 and -R$ 0,01',
    });
    const late = judge(
      rules,
      line({ memo: 'CONTA SANEAMENTO', date: '2026-11-20', amountCents: -41237 }),
      true,
    );
    expect(late.closest?.rule.id).toBe('agua');
    expect(late.closest?.failed).toBe('day: 20 is not between 1 and 15');
    expect(judge(rules, line({ amountCents: 100 }), true).closest?.failed).toMatch(
      /^direction: the line is a credit/,
    );
  });

  test('a split gives each share its cents, the last what rounding leaves; the parts add up to the line', () => {
    const shares = [
      { chartAccount: 'a', ppm: 333_333 },
      { chartAccount: 'b', ppm: 333_333 },
      { chartAccount: 'c', ppm: 333_334 },
    ];
    expect(splitByShares(-100, shares)).toEqual([33, 33, 34]);
    expect(splitByShares(41_237, [shares[0]!, { chartAccount: 'd', ppm: 666_667 }])).toEqual([
      13_745, 27_492,
    ]);
  });

  test('a payer is named by a valid CPF or CNPJ the line carries, written any way', () => {
    expect(payerDocuments(line({ memo: 'PIX RECEBIDO 163.053.544-30 PAULO' }))).toEqual(['16305354430']);
    expect(payerDocuments(line({ memo: 'PIX 11.222.333/0001-81 EMPRESA' }))).toEqual(['11222333000181']);
    // digits that do not check are no one's document
    expect(payerDocuments(line({ memo: 'PIX RECEBIDO 163.053.544-31' }))).toEqual([]);
    expect(payerDocuments(line({ memo: 'PIX RECEBIDO - REMETENTE NAO IDENTIFICADO' }))).toEqual([]);
  });
});

describe('an expression that says how a line starts', () => {
  test('is told by the first character before it runs (#73), and matches exactly what the expression does', async () => {
    const patterns = [
      '/^TARIFA/i',
      '/^TARIFA/',
      '/^T?ARIFA/i',
      '/^x|TARIFA/',
      '/^ TARIFA/',
      '/^9{2}/',
      '/^\\d/',
    ];
    const memos = [
      'TARIFA PACOTE',
      'tarifa pacote',
      'Tarifa',
      'PAGTO TARIFA',
      'ARIFA X',
      ' TARIFA',
      '99 X',
      'x',
      '',
    ];
    const yaml = patterns
      .map((p, i) => `  - id: r${i}\n    match: { memo: '${p}' }\n    book: { chart_account: 2.4.04 }`)
      .join('\n');
    const { rules } = await loadRules(await rulesFile(`version: 1\nrules:\n${yaml}\n`));
    for (const [i, rule] of rules.entries())
      for (const memo of memos) {
        const expression = new RegExp(
          (patterns[i] as string).slice(1, (patterns[i] as string).lastIndexOf('/')),
          (patterns[i] as string).endsWith('i') ? 'i' : '',
        );
        const said = judge([rule], line({ memo, name: null })).rule !== null;
        expect(said, `${patterns[i]} on ${JSON.stringify(memo)}`).toBe(expression.test(`${memo} `));
      }
  });
});

describe('against a server without the extensions', () => {
  test('an entry the server refuses for statement_line_id and rule_id alone is sent without them, the reference in its description', async () => {
    const { RuleActions } = await import('../../../src/app/reconcile.js');
    const { ValidationError } = await import('../../../src/domain/errors.js');
    const sent: { body: Record<string, unknown>; key: string | undefined }[] = [];
    // a client of another server: its chart of accounts, and an entry call that knows no extension field
    const client = {
      chartOfAccounts: {
        list: async () => [
          { id: 33, code: '2.4.04' },
          { id: 20, code: '2.2.02' },
          { id: 6, code: '1.1.04' },
        ],
      },
      suppliers: { list: async () => [] },
      accountEntries: {
        create: async (body: Record<string, unknown>, o: { idempotencyKey?: string }) => {
          sent.push({ body, key: o.idempotencyKey });
          if ('statement_line_id' in body || 'rule_id' in body)
            throw new ValidationError('the request has invalid fields', {
              status: 422,
              fields: { statement_line_id: ['is not a field'], rule_id: ['is not a field'] },
            });
          return { id: 7 };
        },
      },
    };
    const { rules } = await loadRules(await rulesFile(GOOD));
    const actions = new RuleActions(client as never, 1);
    await actions.check(rules);
    const done = await actions.apply(rules[0]!, line({ movementId: '01M8CRYAD9DH9SS8GDSW0W3DJG', line: 70 }));
    expect(done).toEqual({ en: 'entry 7', pt: 'lançamento 7' });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({
      chart_of_accounts_id: 33,
      amount: 89.5,
      description: 'Tarifas bancárias [regra tarifas; extrato linha 70 FITID F1]',
    });
    expect(sent[1]?.body).not.toHaveProperty('statement_line_id');
    // the second line goes straight to the plain form: the server was asked once
    await actions.apply(rules[0]!, line({ movementId: '01M8CRYAD9DH9SS8GDSW0W3DJH', line: 84 }));
    expect(sent).toHaveLength(3);
  });
});

describe('the fast match and the explanation never disagree', () => {
  test('over random lines, a rule holds exactly when no condition fails', async () => {
    const fc = (await import('fast-check')).default;
    const { readings } = await import('../../../src/domain/statement-rules.js');
    const { rules } = await loadRules(
      await rulesFile(`version: 1
rules:
  - id: a
    match: { memo: TARIFA, direction: debit, amount: '-500,00..-0,01' }
    book: { chart_account: 1 }
  - id: b
    match: { memo: '/^pix recebido/i', day: 1..10, account: 1 }
    book: { chart_account: 1 }
  - id: c
    match: { document: 163.053.544-30, key: maria@exemplo.com }
    book: { chart_account: 1 }
  - id: d
    match: { amount: '100,00..', direction: credit }
    book: { chart_account: 1 }
`),
    );
    const words = [
      'TARIFA',
      'Tarifa Pix',
      'PIX RECEBIDO',
      'pix recebido 163.053.544-30',
      'maria@exemplo.com',
      'ÁGUA',
      '',
      '  S A L D O',
    ];
    const lineArb = fc.record({
      memo: fc.option(fc.constantFrom(...words), { nil: null }),
      name: fc.option(fc.constantFrom(...words), { nil: null }),
      amountCents: fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0),
      day: fc.integer({ min: 1, max: 28 }),
      bankAccountId: fc.option(fc.constantFrom(1, 2), { nil: null }),
    });
    await holds(
      fc.property(lineArb, (l) => {
        const ruleLine = line({
          memo: l.memo,
          name: l.name,
          amountCents: l.amountCents,
          date: `2026-11-${String(l.day).padStart(2, '0')}`,
          bankAccountId: l.bankAccountId,
        });
        for (const rule of rules) {
          const r = readings(rule, ruleLine);
          if (r.holds !== (r.failed.length === 0)) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
