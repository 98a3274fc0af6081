/**
 * The demo's statement chapters: a night's bank statement imported, the firm's reconciliation rules over what
 * it left unmatched, and the month's receivables.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeLine } from '../io.js';
import { wrapMessage } from '../output.js';
import { chapter, type Json, type Story } from './story.js';

/** The night's statement: made by the sandbox's bank, imported as cron would, reconciled against the ledger. */
export async function statementChapter(story: Story): Promise<Json | undefined> {
  const { deps, s, root } = story;
  chapter(deps, {
    en: "The night's bank statement: imported from cron, reconciled against the ledger",
    pt: 'O extrato da noite: importado pelo cron, conciliado com o razão',
  });
  const paymentAccount = (await s.json<Json[]>(['bank-accounts', 'list'])).find((a) => a.is_payment_account);
  const ofx = join(root, `extrato-${deps.today().slice(0, 7)}.ofx`);
  await s.show(
    {
      en: "Play the bank: the month's statement of the payment account",
      pt: 'Fazer o papel do banco: o extrato do mês da conta de pagamentos',
    },
    ['sandbox', 'statement', '--data-dir', join(root, 'sandbox'), '-O', ofx],
  );
  await s.show(
    {
      en: 'Check the file without sending anything (no credentials needed)',
      pt: 'Conferir o arquivo sem enviar nada (sem credenciais)',
    },
    ['statements', 'import', ofx, '--dry-run'],
  );
  await s.show(
    {
      en: 'Import it into the account it names: duplicates skipped by FITID, movements matched to entries',
      pt: 'Importar na conta que ele indica: duplicados ignorados pelo FITID, movimentos conciliados com lançamentos',
    },
    ['statements', 'import', ofx],
  );
  await s.show(
    {
      en: 'Tomorrow night cron runs it again: a replay, nothing imported twice',
      pt: 'Amanhã à noite o cron roda de novo: repetido, nada importado duas vezes',
    },
    ['statements', 'import', ofx, '--account', String(paymentAccount?.id)],
  );
  await rulesSteps(story);
  return paymentAccount;
}

/**
 * The firm's reconciliation rules, a file in its repository (#35), the same as docs/guide/statements.md's example: bank fees booked,
 * a resident's PIX settling their invoice by the CPF it names, the water bill split.
 */
export const DEMO_RULES = `# conciliacao.yaml: the firm's reconciliation rules, reviewed like code
version: 1
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
    match: { direction: credit, memo: PIX RECEBIDO }
    settle_invoice: { by: payer_document }
  - id: agua
    match: { memo: SANEAMENTO }
    split:
      - { chart_account: 2.2.02, share: 70% }
      - { chart_account: 2.3.05, share: 30% }
`;

/** A bank's file with its quirks, the rules reviewed offline with --explain, then run by the night's import. */
async function rulesSteps(story: Story): Promise<void> {
  const { deps, io, s, root } = story;
  const rules = join(root, 'conciliacao.yaml');
  await writeFile(rules, DEMO_RULES);
  writeLine(
    io.stdout,
    wrapMessage(
      io,
      deps.t({
        en: `\nThe firm's reconciliation rules are a file in its repository, reviewed like code: ${rules}`,
        pt: `\nAs regras de conciliação da administradora são um arquivo no repositório dela, revisado como código: ${rules}`,
      }),
      io.stdout,
    ),
  );
  const bb = join(root, `extrato-bb-${deps.today().slice(0, 7)}.ofx`);
  await s.show(
    {
      en: "The bank's file as some banks write it: balance lines, two fees under one FITID, a resident's PIX, a bill scheduled",
      pt: 'O arquivo como alguns bancos escrevem: linhas de saldo, duas tarifas com um FITID, um PIX de morador, uma conta agendada',
    },
    ['sandbox', 'statement', '--data-dir', join(root, 'sandbox'), '--bank-shapes', '-O', bb],
  );
  await s.show(
    {
      en: 'Review the rules offline: each line, the rule that takes it, or the closest and why not',
      pt: 'Revisar as regras sem servidor: cada linha, a regra que a pega, ou a mais próxima e por que não',
    },
    ['statements', 'reconcile', bb, '--rules', rules, '--dry-run', '--explain'],
    // a PIX that names no CPF would be left for a person: exit 1, as cron sees it
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'The night’s import with the rules: every line counted once, the rules book and settle what they can; the rest is left for a person (exit 1)',
      pt: 'A importação da noite com as regras: cada linha contada uma vez, as regras lançam e baixam o que podem; o resto fica para uma pessoa (saída 1)',
    },
    ['statements', 'import', bb, '--rules', rules],
    { expectExit: 1 },
  );
}

/** Receivables: a month's fees by boleto and PIX, issued, and who is behind. */
export async function receivablesChapter(story: Story, paymentAccount: Json | undefined): Promise<void> {
  const { deps, io, s } = story;
  chapter(deps, {
    en: "Receivables: the month's condominium fees with boleto and PIX, and who is behind",
    pt: 'Contas a receber: as taxas do mês por boleto e PIX, e quem está em atraso',
  });
  const units = (await s.json<Json[]>(['units', 'list'])).slice(0, 3);
  // One fee each way a resident may pay: boleto and PIX, boleto only, PIX only.
  const billing = ['BOLETO_PIX', 'BOLETO', 'PIX'];
  for (const [i, unit] of units.entries()) {
    const label = String(unit.label ?? unit.id);
    const by = billing[i] as string;
    await s.show(
      { en: `Invoice the fee of ${label}, by ${by}`, pt: `Cobrar a taxa de ${label}, por ${by}` },
      [
        'invoices',
        'create',
        '--unit',
        String(unit.id),
        '--bank-account',
        String(paymentAccount?.id),
        '--due',
        '+10d',
        '--subtotal',
        i === 0 ? '1.240,00' : '850,00',
        '--notes',
        `Taxa condominial ${deps.today().slice(0, 7)}`,
        '--billing-type',
        billing[i] as string,
      ],
    );
  }
  const drafts = await s.json<Json[]>(['invoices', 'list', '--state', 'draft', '--all']);
  for (const invoice of drafts) {
    const type = String(invoice.billing_type);
    const title = {
      en: `Issue it (${type}): one gateway call registers what it asks for`,
      pt: `Emitir (${type}): uma chamada ao gateway registra o que ela pede`,
    };
    await s.show(title, ['invoices', 'issue', String(invoice.public_id)]);
  }
  for (const type of ['BOLETO', 'PIX']) {
    const invoice = drafts.find((d) => d.billing_type === type);
    if (!invoice) continue;
    const title = {
      en: `What the resident of a ${type} invoice receives`,
      pt: `O que recebe o morador de uma cobrança por ${type}`,
    };
    await s.show(title, ['invoices', 'payment', String(invoice.public_id)]);
    const payment = await s.json<{ boleto?: { url?: string } | null }>([
      'invoices',
      'payment',
      String(invoice.public_id),
    ]);
    const url = payment.boleto?.url;
    if (url) {
      // The link works as the resident would open it: no token. Through node:http, as the CLI's own calls go (Node's
      // fetch, its own undici, cannot connect under Wine, where the Windows executable is checked: .ci/wine)
      const res = await plainGet(url);
      writeLine(io.stdout, `  GET ${url} -> ${res.status} ${res.type}, ${res.bytes} bytes`);
    }
  }
  await s.show({ en: 'Units behind on their fees', pt: 'Unidades em atraso com as taxas' }, ['defaulters']);
  await s.show({ en: "The month's ledger summary", pt: 'O resumo do razão no mês' }, [
    'ledger',
    'summary',
    '--month',
    deps.today().slice(0, 7),
  ]);
}

/** A GET without a token: its status, content type and the size of its body. */
async function plainGet(url: string): Promise<{ status: number; type: string; bytes: number }> {
  const { get } = await import('node:http');
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), bytes }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}
