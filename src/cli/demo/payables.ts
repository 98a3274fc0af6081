/**
 * The demo's payables chapters: the month's bills typed, imported from a spreadsheet, and checked before the run.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../../domain/errors.js';
import { newEd25519Key } from '../../formats/sshsig.js';
import { writeLine } from '../io.js';
import { wrapMessage } from '../output.js';
import { type Cast, chapter, type Json, type Story } from './story.js';

/**
 * #34: nothing goes to the bank unseen. A file linted, and a bad PIX key (in a file another tool wrote) caught
 * before sending; a batch approved by two council members' keys and delivered; a payee whose PIX key changed just
 * before, refused for want of the extra approval, approved, delivered.
 */
export async function preflightChapter(story: Story, cast: Cast, creator: string): Promise<void> {
  const { deps, io, s, root } = story;
  chapter(deps, {
    en: 'Nothing goes to the bank unseen: lint, and approvals of the exact file',
    pt: 'Nada vai ao banco sem ser visto: lint e aprovações do arquivo exato',
  });
  // the firm's policy and its council's keys (a person's key is made by ssh-keygen; these are the demo's own)
  const firm = join(root, 'firm');
  await mkdir(firm, { recursive: true });
  const people = [
    ['ana', 'Ana', 'síndica'],
    ['bruno', 'Bruno', 'conselho'],
    ['carla', 'Carla', 'conselho'],
  ] as const;
  const signers: string[] = [];
  for (const [who] of people) {
    const key = newEd25519Key(`${who}@condominio`);
    await writeFile(join(firm, who), key.privateKey, { mode: 0o600 });
    signers.push(`${who}@condominio ${key.publicKey.split(' ').slice(0, 2).join(' ')}`);
  }
  await writeFile(join(firm, 'allowed_signers'), `${signers.join('\n')}\n`);
  const policy = join(firm, 'condo-policy.json');
  await writeFile(
    policy,
    `${JSON.stringify(
      {
        allowed_signers: 'allowed_signers',
        signers: Object.fromEntries(
          people.map(([who, name, role]) => [
            `${who}@condominio`,
            { name, role, ...(who === 'ana' ? { client_id: creator } : {}) },
          ]),
        ),
        batch_bands: [{ up_to_cents: 100_000, approvals: 1 }, { approvals: 2 }],
        payment_data_changed: { within_days: 7, approvals: 1 },
      },
      null,
      2,
    )}\n`,
  );
  writeLine(
    io.stdout,
    wrapMessage(
      io,
      deps.t({
        en: `The firm's policy (${policy}): above R$ 1.000,00 two approvers, nobody approving their own batch (Ana, the síndica, creates them), one more when a payee's PIX key or bank data changed in the last 7 days.`,
        pt: `A política da administradora (${policy}): acima de R$ 1.000,00 dois aprovadores, ninguém aprova o próprio lote (Ana, a síndica, cria os lotes), mais um quando a chave PIX ou os dados bancários de um favorecido mudaram nos últimos 7 dias.`,
      }),
      io.stdout,
    ),
  );
  const { withBank, elevator } = cast;
  const batchOf = async (supplier: Json, method: string, amount: string, description: string) => {
    const p = await s.json(
      // biome-ignore format: the command as typed
      ['payables', 'create', '--supplier', String(supplier.id), '--chart-account', String(elevator?.id), '--amount', amount, '--method', method, '--due', '+6d', '--description', description],
    );
    await s.quiet(['payables', 'mark', String(p.public_id)]);
    return String((await s.json(['batches', 'create', '--date', 'next-business-day', '--yes'])).public_id);
  };
  const first = await batchOf(withBank, 'ted', '3.400,00', 'Modernização do elevador (1ª parcela)');
  const rem = join(firm, 'elevador.rem');
  const download = (batch: string, file: string, expectExit = 0) =>
    s.show(
      expectExit === 0
        ? {
            en: 'Deliver the file: linted, and approved as the policy asks',
            pt: 'Entregar o arquivo: com lint e aprovado como a política pede',
          }
        : {
            en: 'Try to deliver it: refused, and what is missing is named',
            pt: 'Tentar entregar: recusado, com o que falta nomeado',
          },
      ['batches', 'download', batch, '-O', file, '--force', '--policy', policy],
      { expectExit },
    );
  await download(first, rem, 5);
  // the same payments in a file another tool wrote, its PIX key typed wrong
  const pixBatch = await batchOf(
    cast.supplier(/portaria|vigil/i, (x) => Boolean(x.pix_key)) ?? withBank,
    'pix',
    '90,00',
    'Chave',
  );
  const pixFile = join(firm, 'pix.rem');
  await s.quiet(['batches', 'download', pixBatch, '-O', pixFile, '--skip-lint']);
  const lines = (await readFile(pixFile, 'latin1')).split('\r\n');
  const b = lines.findIndex((l) => l[7] === '3' && l[13] === 'B');
  if (b >= 0)
    lines[b] =
      `${(lines[b] as string).slice(0, 127)}${'FINANCEIRO(AT)EMPRESA'.padEnd(99, ' ')}${(lines[b] as string).slice(226)}`;
  const other = join(firm, 'outra-ferramenta.rem');
  await writeFile(other, lines.join('\r\n'), 'latin1');
  await s.show(
    {
      en: 'A file another tool wrote, its PIX key typed wrong: caught before it is sent',
      pt: 'Um arquivo que outra ferramenta gerou, com a chave PIX digitada errada: pego antes do envio',
    },
    ['cnab', 'lint', other],
    { expectExit: 1 },
  );
  for (const who of ['bruno', 'carla'])
    await s.show(
      {
        en: `${who === 'bruno' ? 'Bruno' : 'Carla'} signs the batch’s exact file with their SSH key`,
        pt: `${who === 'bruno' ? 'Bruno' : 'Carla'} assina o arquivo exato do lote com sua chave SSH`,
      },
      ['batches', 'approve', first, '--key', join(firm, who), '--policy', policy],
    );
  await download(first, rem);
  await s.show(
    {
      en: 'The delivered file, linted again by hand: what its bank will check',
      pt: 'O arquivo entregue, com lint de novo à mão: o que o banco vai conferir',
    },
    ['cnab', 'lint', rem],
  );
  // the payee's key changes just before it is paid: most payment fraud starts there
  await s.show(
    { en: 'The elevator company’s PIX key changes', pt: 'A chave PIX da empresa do elevador muda' },
    ['suppliers', 'update', String(withBank.id), '--pix-key', 'financeiro@elevadores.com.br'],
  );
  const second = await batchOf(withBank, 'pix', '620,00', 'Peças do elevador');
  await s.quiet(['batches', 'approve', second, '--key', join(firm, 'bruno'), '--policy', policy]);
  await download(second, join(firm, 'pecas.rem'), 5);
  await s.show({ en: 'Carla approves too', pt: 'Carla também aprova' }, [
    'batches',
    'approve',
    second,
    '--key',
    join(firm, 'carla'),
    '--policy',
    policy,
  ]);
  await download(second, join(firm, 'pecas.rem'));
  await s.show(
    { en: 'Who approved which file, for the council', pt: 'Quem aprovou qual arquivo, para o conselho' },
    ['approvals', 'log', '--policy', policy],
  );
}

/** Payables: created by supplier, changed, listed, marked for the remittance. */
export async function payablesChapter(story: Story): Promise<Cast> {
  const { deps, s, createPayable } = story;
  chapter(deps, {
    en: 'Payables: create, change, mark for remittance',
    pt: 'Contas a pagar: criar, alterar, marcar para a remessa',
  });
  await s.show(
    {
      en: 'Suppliers, with their bank data and PIX keys',
      pt: 'Fornecedores, com dados bancários e chaves PIX',
    },
    ['suppliers', 'list'],
  );
  await s.show(
    { en: 'Expense accounts of the chart of accounts', pt: 'Contas de despesa do plano de contas' },
    ['ledger', 'chart', '--type', 'expense', '--state', 'active'],
  );

  const suppliers = await s.json<Json[]>(['suppliers', 'list']);
  const chart = await s.json<Json[]>(['ledger', 'chart', '--type', 'expense', '--state', 'active']);
  // Suppliers and accounts that fit the story when the seed has them; any with the right data otherwise.
  const supplier = (re: RegExp, has: (x: Json) => boolean) =>
    suppliers.find((x) => re.test(String(x.name)) && has(x)) ?? suppliers.find(has);
  const account = (re: RegExp) =>
    chart.find((a) => re.test(String(a.name)) && String(a.code).split('.').length === 3) ?? chart.at(-1);
  const withBank = supplier(/elevador/i, (x) => Boolean(x.bank));
  const withPix = supplier(/portaria|vigil/i, (x) => Boolean(x.pix_key) && x.id !== withBank?.id);
  const elevator = account(/elevador/i);
  const security = account(/portaria|seguran/i);
  if (!withPix || !withBank || !elevator || !security)
    throw new ApiError({
      en: 'the sandbox seed lacks suppliers or expense accounts',
      pt: 'a semente do sandbox não tem fornecedores ou contas de despesa',
    });

  await createPayable(
    {
      en: 'Create a payable: elevator maintenance by TED, due in 5 days',
      pt: 'Criar uma conta a pagar: manutenção dos elevadores por TED, vencendo em 5 dias',
    },
    {
      supplier: withBank,
      account: elevator,
      amount: '1.850,00',
      method: 'ted',
      due: '+5d',
      document: 'NF 4471',
      description: 'Manutenção mensal dos elevadores',
    },
  );
  await createPayable(
    {
      en: 'Create another: the security company by PIX, due tomorrow',
      pt: 'Criar outra: a empresa de segurança por PIX, vencendo amanhã',
    },
    {
      supplier: withPix,
      account: security,
      amount: '6.389,90',
      method: 'pix',
      due: 'tomorrow',
      description: 'Portaria 24h do mês',
    },
  );
  await createPayable(
    { en: 'Create one by cash that will be deleted', pt: 'Criar uma em dinheiro, que será excluída' },
    {
      payee: 'Chaveiro do bairro',
      account: elevator,
      amount: '120',
      method: 'cash',
      due: 'today',
      description: 'Cópia de chaves',
    },
  );
  await s.show({ en: 'What is pending', pt: 'O que está pendente' }, [
    'payables',
    'list',
    '--state',
    'pending',
  ]);

  // The demo's own three (the sandbox also holds this month's seeded bills).
  const pending = await s.json<Json[]>(['payables', 'list', '--state', 'pending', '--all']);
  const own = (description: string) => pending.find((p) => p.description === description);
  const ted = own('Manutenção mensal dos elevadores');
  const pix = own('Portaria 24h do mês');
  const cash = own('Cópia de chaves');
  if (!ted || !pix || !cash)
    throw new ApiError({
      en: 'the demo payables were not listed',
      pt: 'as contas a pagar do demo não foram listadas',
    });
  const [tedId, pixId, cashId] = [String(ted.public_id), String(pix.public_id), String(cash.public_id)];

  await s.show(
    {
      en: 'The invoice came with a fine: update the pending payable',
      pt: 'A fatura veio com multa: alterar a conta pendente',
    },
    ['payables', 'update', tedId, '--fine', '37,00', '--notes', 'multa de 2% por atraso do boleto anterior'],
  );
  await s.show(
    {
      en: 'Mark both bank payments for the next remittance (concurrently, one line each)',
      pt: 'Marcar os dois pagamentos bancários para a próxima remessa (em paralelo, uma linha cada)',
    },
    ['payables', 'mark', tedId, pixId],
  );
  await s.show(
    {
      en: 'A cash payment cannot go in a bank file',
      pt: 'Um pagamento em dinheiro não entra no arquivo do banco',
    },
    ['payables', 'mark', cashId],
    { expectExit: 2 },
  );
  await s.show(
    { en: 'A marked payable cannot be edited', pt: 'Uma conta marcada não pode ser alterada' },
    ['payables', 'update', tedId, '--amount', '1.900,00'],
    {
      expectExit: 5,
    },
  );
  await s.show({ en: 'Take the PIX one out again', pt: 'Tirar de novo a do PIX' }, [
    'payables',
    'unmark',
    pixId,
  ]);
  await s.show({ en: 'Delete the cash payable', pt: 'Excluir a conta em dinheiro' }, [
    'payables',
    'delete',
    cashId,
    '--yes',
  ]);
  await s.show({ en: 'The detail view support staff use', pt: 'A visão detalhada que o suporte usa' }, [
    'payables',
    'show',
    tedId,
  ]);
  await s.show(
    {
      en: 'For scripts: tab-separated when piped, or --json',
      pt: 'Para scripts: separado por tabulações num pipe, ou --json',
    },
    ['payables', 'list', '--all', '-o', 'tsv'],
  );
  return { supplier, account, withBank, elevator };
}
