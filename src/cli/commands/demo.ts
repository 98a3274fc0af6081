import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buildBoleto } from '../../domain/boleto/index.js';
import { addDays, formatDateBr } from '../../domain/dates.js';
import { ApiError } from '../../domain/errors.js';
import type { Text } from '../../domain/text.js';
import { newEd25519Key } from '../../formats/sshsig.js';
import type { Deps } from '../context.js';
import { type Io, paint, writeLine } from '../io.js';
import { wrapMessage } from '../output.js';

/**
 * `condo demo`: a sandbox on a free port with a throw-away data dir and config, and the payable lifecycle run
 * through the real CLI, each step printed as the command a person would type.
 */

type Json = Record<string, unknown>;

interface Session {
  /** Runs `condo ARGS` and shows its output. Returns the exit code. */
  show(title: Text, args: string[], opts?: { stdin?: string; expectExit?: number }): Promise<number>;
  /** Runs `condo --json ARGS` quietly and returns the parsed data. */
  json<T = Json>(args: string[]): Promise<T>;
  /** Runs `condo ARGS` for what it does, not what it prints. */
  quiet(args: string[]): Promise<void>;
}

function session(deps: Deps, env: NodeJS.ProcessEnv): Session {
  const { io } = deps;
  const run = (args: string[], target: Io): Promise<number> => deps.condo(args, target);
  return {
    async show(title, args, opts = {}) {
      heading(deps, '▸', title);
      writeLine(
        io.stdout,
        paint(
          io,
          'cyan',
          `  $ ${opts.stdin !== undefined ? 'echo "$SECRET" | ' : ''}condo ${args.map(quote).join(' ')}`,
        ),
      );
      // A person reads the demo: tables even when its output is piped, unless a step asks for a format.
      const shown = args.includes('-o') || args.includes('--json') ? args : ['-o', 'table', ...args];
      const code = await run(shown, {
        ...io,
        env,
        stdin: Readable.from(opts.stdin !== undefined ? [opts.stdin] : []),
      });
      const expected = opts.expectExit ?? 0;
      if (code !== expected)
        throw new ApiError({
          en: `demo step "${title.en}" exited ${code}, expected ${expected}`,
          pt: `o passo "${title.pt}" da demonstração terminou com ${code}, esperado ${expected}`,
        });
      if (expected !== 0)
        writeLine(
          io.stdout,
          paint(
            io,
            'dim',
            deps.t({ en: `  (exit ${code}, as expected)`, pt: `  (saída ${code}, como esperado)` }),
          ),
        );
      return code;
    },
    async json<T>(args: string[]) {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      // a step behind the scenes says nothing (a warning it gives would land before the heading that shows it);
      // what it said is shown only when it fails
      const err = new PassThrough();
      const said: Buffer[] = [];
      err.on('data', (c: Buffer) => said.push(c));
      const code = await run(['--json', '--quiet', ...args], {
        ...io,
        env,
        stdout: out,
        stderr: Object.assign(err, { isTTY: false }),
        stdin: Readable.from([]),
      });
      if (code !== 0) {
        io.stderr.write(Buffer.concat(said));
        throw new ApiError({
          en: `demo step "condo ${args.join(' ')}" exited ${code}`,
          pt: `o passo "condo ${args.join(' ')}" da demonstração terminou com ${code}`,
        });
      }
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
    },
    async quiet(args: string[]) {
      const sink = new PassThrough();
      sink.resume();
      const code = await run(['--quiet', ...args], {
        ...io,
        env,
        stdout: sink,
        stderr: sink,
        stdin: Readable.from([]),
      });
      if (code !== 0)
        throw new ApiError({
          en: `demo step "condo ${args.join(' ')}" exited ${code}`,
          pt: `o passo "condo ${args.join(' ')}" da demonstração terminou com ${code}`,
        });
    },
  };
}

function chapter(deps: Deps, title: Text): void {
  heading(deps, '━━', title);
}

/** A blank line and a step's or chapter's title, broken at the terminal's width as messages are. */
function heading(deps: Deps, mark: string, title: Text): void {
  writeLine(deps.io.stdout, '');
  writeLine(
    deps.io.stdout,
    paint(deps.io, 'bold', wrapMessage(deps.io, `${mark} ${deps.t(title)}`, deps.io.stdout)),
  );
}

/** A payable as the demo creates it: by supplier (or a payee name), in reais, with a forma and a due date. */
interface PayableStep {
  supplier?: Json | undefined;
  payee?: string;
  account: Json | undefined;
  amount: string;
  method: string;
  due: string;
  document?: string;
  description: string;
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

export async function demo(deps: Deps): Promise<number> {
  const { io } = deps;
  const root = await mkdtemp(join(tmpdir(), 'condo-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...io.env,
    CONDO_CONFIG_DIR: join(root, 'config'),
    CONDO_PROFILE: 'demo',
    // the steps speak the demo's language, however it was chosen (--lang is not in their arguments)
    CONDO_LANG: deps.t.lang,
  };
  for (const k of ['CONDO_BASE_URL', 'CONDO_CONDOMINIUM', 'CONDO_CLIENT_ID', 'CONDO_CLIENT_SECRET'])
    delete env[k];
  // the temporary folder goes whatever happens after it exists: a sandbox that cannot start included
  let sandbox: Awaited<ReturnType<typeof import('../../sandbox/index.js').startSandbox>> | undefined;
  try {
    const { startSandbox } = await import('../../sandbox/index.js');
    sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      dataDir: join(root, 'sandbox'),
      // the two seeded condominiums and three of an accounting firm's, for the firm's chapter
      condominiums: 2 + FIRM.length,
    });
    const me = sandbox.clients.find((c) => c.name === 'default');
    if (!me)
      throw new ApiError({
        en: 'the sandbox has no default client',
        pt: 'o sandbox não tem o cliente padrão',
      });
    const s = session(deps, env);
    const createPayable = (title: Text, p: PayableStep) =>
      s.show(title, [
        'payables',
        'create',
        ...(p.supplier ? ['--supplier', String(p.supplier.id)] : ['--payee', p.payee ?? '']),
        '--chart-account',
        String(p.account?.id),
        '--amount',
        p.amount,
        '--method',
        p.method,
        '--due',
        p.due,
        ...(p.document ? ['--document', p.document] : []),
        '--description',
        p.description,
      ]);
    writeLine(
      io.stdout,
      paint(
        io,
        'bold',
        deps.t({
          en: 'condo demo: a month of condominium payables against a local sandbox',
          pt: 'condo demo: um mês de contas a pagar de um condomínio, contra um sandbox local',
        }),
      ),
    );
    writeLine(
      io.stdout,
      wrapMessage(
        io,
        deps.t({
          en: `Sandbox running at ${sandbox.baseUrl} (condominium ${me.condominium}); nothing here touches a real bank.`,
          pt: `Sandbox rodando em ${sandbox.baseUrl} (condomínio ${me.condominium}); nada aqui toca um banco de verdade.`,
        }),
        io.stdout,
      ),
    );

    await s.show(
      {
        en: 'Log in with the sandbox client (the secret comes from stdin, never from a flag)',
        pt: 'Entrar com o cliente do sandbox (o segredo vem do stdin, nunca de uma opção)',
      },
      [
        'auth',
        'login',
        '--base-url',
        sandbox.baseUrl,
        '--condominium',
        me.condominium,
        '--client-id',
        me.client_id,
        '--client-secret-stdin',
        '--no-input',
      ],
      { stdin: me.client_secret },
    );
    await s.show({ en: 'Who am I', pt: 'Quem sou eu' }, ['auth', 'status']);
    const story: Story = { deps, io, s, root, createPayable };
    const cast = await payablesChapter(story);
    await ddaChapter(story);
    await remittanceChapter(story, cast);
    await preflightChapter(story, cast, me.client_id);
    await receivablesChapter(story, await statementChapter(story));

    await firmChapter(deps, s, root);
    await documentChapter(story);

    writeLine(io.stdout, '');
    writeLine(
      io.stdout,
      paint(
        io,
        'green',
        wrapMessage(
          io,
          deps.t({
            en: 'Demo finished: sandbox stopped, temporary data and config removed.',
            pt: 'Demonstração concluída: sandbox parado, dados e configuração temporários removidos.',
          }),
          io.stdout,
        ),
      ),
    );
    return 0;
  } finally {
    await sandbox?.close().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * #36: the month as a document, the prestação de contas the síndico signs: one PDF, kept after the demo (outside
 * its temporary folder) so it can be opened.
 */
async function documentChapter(story: Story): Promise<void> {
  const { deps, io, s } = story;
  chapter(deps, {
    en: 'The month as a document: the prestação de contas the síndico signs and the council reviews',
    pt: 'O mês como documento: a prestação de contas que o síndico assina e o conselho examina',
  });
  const month = deps.today().slice(0, 7);
  const file = join(tmpdir(), `condo-demo-prestacao-${month}.pdf`);
  await s.show(
    {
      en: "The month's document, in Portuguese: summary, revenue, each payment, defaulters, charts, signatures",
      pt: 'O documento do mês: resumo, receitas, cada pagamento, inadimplência, gráficos, assinaturas',
    },
    ['report', 'month', month, '--pdf', file, '--force'],
  );
  writeLine(
    io.stdout,
    wrapMessage(io, paint(io, 'bold', deps.t({ en: `Open it: ${file}`, pt: `Abra-o: ${file}` })), io.stdout),
  );
}

/**
 * #34: nothing goes to the bank unseen. A file linted, and a bad PIX key (in a file another tool wrote) caught
 * before sending; a batch approved by two council members' keys and delivered; a payee whose PIX key changed just
 * before, refused for want of the extra approval, approved, delivered.
 */
async function preflightChapter(story: Story, cast: Cast, creator: string): Promise<void> {
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

/** What every chapter works with: the session against the demo's sandbox, its folder, and how it creates a payable. */
interface Story {
  deps: Deps;
  io: Io;
  s: Session;
  root: string;
  createPayable: (title: Text, p: PayableStep) => Promise<number>;
}

/** The suppliers and accounts the first chapter chose, which the remittance run pays again. */
interface Cast {
  supplier: (re: RegExp, has: (x: Json) => boolean) => Json | undefined;
  account: (re: RegExp) => Json | undefined;
  withBank: Json;
  elevator: Json;
}

/** Payables: created by supplier, changed, listed, marked for the remittance. */
async function payablesChapter(story: Story): Promise<Cast> {
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

/** The monthly run: more bills, a boleto, the batch and its file, the bank's return, what it paid and rejected. */
async function remittanceChapter(story: Story, cast: Cast): Promise<void> {
  const { deps, io, s, root, createPayable } = story;
  const { supplier, account, withBank, elevator } = cast;
  chapter(deps, {
    en: 'The monthly remittance run: payables -> CNAB 240 file -> bank return -> ledger',
    pt: 'A remessa do mês: contas a pagar -> arquivo CNAB 240 -> retorno do banco -> razão',
  });
  const boleto = (bankCode: string, cents: number) =>
    buildBoleto({
      bankCode,
      dueDate: addDays(deps.today(), 10),
      amountCents: cents,
      freeField: '1090000123400012345678000',
    }).linhaDigitavel;
  const withDoc = supplier(/administra/i, (x) => Boolean(x.document && x.bank));
  const gardener = supplier(/jardin|paisag/i, (x) => Boolean(x.document && x.bank));
  const admin = account(/administradora/i);
  const garden = account(/jardinagem/i);
  await createPayable(
    {
      en: 'A boleto of the paying bank (Itaú), with its linha digitável',
      pt: 'Um boleto do próprio banco pagador (Itaú), pela linha digitável',
    },
    {
      supplier: withDoc,
      account: admin,
      amount: '2.980,00',
      method: 'boleto',
      due: '+10d',
      document: boleto('341', 298000),
      description: 'Taxa de administração',
    },
  );
  await createPayable(
    { en: 'A boleto of another bank (Bradesco)', pt: 'Um boleto de outro banco (Bradesco)' },
    {
      supplier: withBank,
      account: elevator,
      amount: '740,00',
      method: 'boleto',
      due: '+10d',
      document: boleto('237', 74000),
      description: 'Peças do elevador',
    },
  );
  await createPayable(
    { en: 'A TED to the gardener', pt: 'Uma TED para o jardineiro' },
    {
      supplier: gardener,
      account: garden,
      amount: '1.200,00',
      method: 'ted',
      due: '+7d',
      description: 'Jardinagem do mês',
    },
  );
  await s.show(
    {
      en: "The month's water bill: a payee name and its barcode, no supplier or CPF/CNPJ (a utility bill is paid by its arrecadação code, segment O)",
      pt: 'A conta de água do mês: um favorecido e seu código de barras, sem fornecedor nem CPF/CNPJ (uma conta de consumo se paga pelo código de arrecadação, segmento O)',
    },
    ['payables', 'list', '--search', 'Sabesp'],
  );
  const rejected = await s.json<Json[]>(['payables', 'list', '--rejected']);
  const gardenBill = rejected[0];
  if (gardenBill) {
    await s.show(
      {
        en: "Last remittance's rejection, still waiting (the seed's)",
        pt: 'A rejeição da última remessa, ainda à espera (a da semente)',
      },
      ['payables', 'list', '--rejected'],
    );
    await s.show(
      {
        en: 'Why: the payable with its batches and what the bank said',
        pt: 'Por quê: a conta com seus lotes e o que o banco disse',
      },
      ['payables', 'show', String(gardenBill.public_id).slice(-6)],
    );
    if (gardenBill.supplier_id)
      await s.show(
        {
          en: "Correct the supplier's account the bank refused",
          pt: 'Corrigir a conta do fornecedor que o banco recusou',
        },
        ['suppliers', 'update', String(gardenBill.supplier_id), '--agency', '0001', '--account', '9384756-1'],
      );
  }
  const pendingNow = await s.json<Json[]>(['payables', 'list', '--state', 'pending', '--all']);
  // cash and cheques are paid outside the bank file
  const toMark = pendingNow
    .filter((p) => ['pix', 'ted', 'doc', 'boleto'].includes(String(p.forma_pagamento)))
    .map((p) => String(p.public_id));
  await s.show(
    {
      en: 'Mark everything pending that goes by bank (the corrected one again too)',
      pt: 'Marcar tudo o que está pendente e vai pelo banco (a corrigida também, de novo)',
    },
    ['payables', 'mark', ...toMark],
  );
  const batch = await s.json<Json>(['batches', 'create', '--date', 'next-business-day', '--yes']);
  heading(deps, '▸', {
    en: 'Generate the payment batch: one CNAB 240 file with every marked payable',
    pt: 'Gerar o lote de pagamentos: um arquivo CNAB 240 com todas as contas marcadas',
  });
  writeLine(io.stdout, paint(io, 'cyan', '  $ condo batches create --date next-business-day'));
  writeLine(
    io.stdout,
    deps.t({
      en: `batch ${batch.public_id}: ${batch.payables_count} payables, file ${batch.file_name} (NSA ${batch.file_sequence})`,
      pt: `lote ${batch.public_id}: ${batch.payables_count} contas, arquivo ${batch.file_name} (NSA ${batch.file_sequence})`,
    }),
  );
  const batchId = String(batch.public_id);
  const rem = join(root, String(batch.file_name ?? 'lote.rem'));
  const ret = rem.replace(/\.rem$/, '.ret');
  await s.show(
    {
      en: 'Download the remittance (streamed to a temporary file, renamed when complete)',
      pt: 'Baixar a remessa (gravada num arquivo temporário, renomeado quando completo)',
    },
    ['batches', 'download', batchId, '-O', rem],
  );
  await s.show(
    {
      en: 'Check the file by eye before sending it to the bank',
      pt: 'Conferir o arquivo antes de enviá-lo ao banco',
    },
    ['cnab', 'inspect', rem],
  );
  const gardens = (await s.json<Json[]>(['payables', 'list', '--state', 'in_batch', '--all'])).find(
    (p) => p.forma_pagamento === 'ted' && p.supplier_id === gardener?.id && p.amount === 120_000,
  );
  // the gardener's account number is wrong at the bank: AN, the payee's account or digit
  const rejectSeu = `${String(gardens?.public_id ?? '').slice(-20)}:AN`;
  await s.show(
    {
      en: "Play the bank, today: it schedules the payments for their date (BD) and rejects the gardener's TED",
      pt: 'Fazer o papel do banco, hoje: agenda os pagamentos para a data deles (BD) e rejeita a TED do jardineiro',
    },
    ['sandbox', 'bank-return', rem, '-O', ret, '--reject', rejectSeu],
  );
  await s.show(
    {
      en: "Import the bank's return file: its payments name the batch",
      pt: 'Importar o retorno do banco: seus pagamentos indicam o lote',
    },
    ['batches', 'import-return', ret],
  );
  await s.show(
    {
      en: 'Run it again, as a cron job would: replayed, nothing changes',
      pt: 'Rodar de novo, como o cron faria: repetido, nada muda',
    },
    ['batches', 'import-return', ret],
  );
  // the bank lives on today's date (#52): what it pays on the batch's date, its return of that day says
  const payday = String(batch.data_pagamento ?? '');
  const paidRet = rem.replace(/\.rem$/, `-${payday}.ret`);
  await s.show(
    {
      en: `The bank's return on the payment date (${payday}): the scheduled payments paid`,
      pt: `O retorno do banco na data do pagamento (${formatDateBr(payday)}): os agendados pagos`,
    },
    ['sandbox', 'bank-return', rem, '-O', paidRet, '--as-of', payday, '--reject', rejectSeu],
  );
  await s.show(
    {
      en: 'Import it: the ledger books each payment on the day the bank paid it',
      pt: 'Importá-lo: o razão lança cada pagamento no dia em que o banco o fez',
    },
    ['batches', 'import-return', paidRet],
  );
  await s.show(
    {
      en: 'The batch: what was paid and what was rejected',
      pt: 'O lote: o que foi pago e o que foi rejeitado',
    },
    ['batches', 'show', batchId],
  );
  if (gardens)
    await s.show(
      {
        en: 'Why the TED was rejected (support staff view)',
        pt: 'Por que a TED foi rejeitada (visão do suporte)',
      },
      ['payables', 'show', String(gardens.public_id)],
    );
  await s.show(
    {
      en: "The ledger's expense entries: this month's bills and the payments just confirmed",
      pt: 'Os lançamentos de despesa do razão: as contas do mês e os pagamentos recém-confirmados',
    },
    ['ledger', 'entries', '--type', 'expense'],
  );
  await s.show(
    {
      en: 'And the payment account balance that followed',
      pt: 'E o saldo da conta de pagamentos que resultou',
    },
    ['bank-accounts', 'list'],
  );
}

/**
 * The bank's DDA (#33): the boletos registered against the condominium's CNPJ, entered without typing, a changed
 * due date taken, and a boleto typed from an e-mail that no DDA lists (a fake) caught and deleted before the run.
 */
async function ddaChapter(story: Story): Promise<void> {
  const { deps, s, root } = story;
  chapter(deps, {
    en: "The bank's DDA: boletos without typing, and a fake one caught",
    pt: 'O DDA do banco: boletos sem digitar, e um falso descoberto',
  });
  const file = join(root, `DDA-${deps.today()}.ret`);
  await s.show(
    {
      en: "Play the bank: today's DDA, the boletos registered against the condominium's CNPJ",
      pt: 'Fazer o papel do banco: o DDA de hoje, os boletos registrados contra o CNPJ do condomínio',
    },
    ['sandbox', 'dda', '--data-dir', join(root, 'sandbox'), '-O', file],
  );
  await s.show(
    {
      en: 'What importing it would do: one boleto nobody entered, one whose due date the beneficiary put off',
      pt: 'O que a importação faria: um boleto que ninguém lançou, e um cujo vencimento o beneficiário adiou',
    },
    ['dda', 'import', file, '--dry-run'],
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'Enter the new one (by its barcode, once) and take the new due date',
      pt: 'Lançar o novo (pelo código de barras, uma vez só) e aceitar o novo vencimento',
    },
    ['dda', 'import', file, '--apply-changes'],
  );
  await s.show({ en: 'Tomorrow, cron runs it again: a replay', pt: 'Amanhã o cron roda de novo: repetido' }, [
    'dda',
    'import',
    file,
  ]);
  const account = (await s.json<Json[]>(['ledger', 'chart', '--type', 'expense', '--state', 'active'])).find(
    (a) => String(a.code).split('.').length === 3,
  );
  const fake = buildBoleto({
    bankCode: '341',
    dueDate: addDays(deps.today(), 6),
    amountCents: 89_000,
    freeField: '1090000999900012345678000',
  }).linhaDigitavel;
  const typed = await s.json<Json>([
    ...[
      'payables',
      'create',
      '--supplier',
      '1',
      '--chart-account',
      String(account?.id),
      '--amount',
      '890,00',
    ],
    ...['--method', 'boleto', '--due', '+6d', '--document', fake],
    ...['--description', 'Reparo do elevador (boleto recebido por e-mail)'],
  ]);
  await s.show(
    {
      en: 'A boleto that came by e-mail, typed by hand: does any DDA list it?',
      pt: 'Um boleto que chegou por e-mail, digitado à mão: algum DDA o lista?',
    },
    ['dda', 'check', file],
    { expectExit: 1 },
  );
  await s.show(
    {
      en: 'The supplier never sent it: delete it before the remittance run',
      pt: 'O fornecedor nunca o enviou: excluir antes da remessa',
    },
    ['payables', 'delete', String(typed.public_id), '--yes'],
  );
}

/** The night's statement: made by the sandbox's bank, imported as cron would, reconciled against the ledger. */
async function statementChapter(story: Story): Promise<Json | undefined> {
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
 * The firm's reconciliation rules, a file in its repository (#35), the same as README's example: bank fees booked,
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
async function receivablesChapter(story: Story, paymentAccount: Json | undefined): Promise<void> {
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
      // The link works as the resident would open it: no token.
      const res = await fetch(url);
      const bytes = (await res.arrayBuffer()).byteLength;
      writeLine(
        io.stdout,
        `  GET ${url} -> ${res.status} ${res.headers.get('content-type')}, ${bytes} bytes`,
      );
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

/** The firm's three condominiums in the demo sandbox (seed/firm.ts names the nth one). */
const FIRM = ['edificio-ipe-amarelo', 'residencial-bela-vista', 'edificio-solar-das-palmeiras'];

/**
 * An accounting firm's morning: a profile per condominium, a folder of the bank's files named with nothing but
 * dates, all of it in with one command (and again, changing nothing), then the month per condominium.
 */
async function firmChapter(deps: Deps, s: Session, root: string): Promise<void> {
  const { io } = deps;
  chapter(deps, {
    en: "The accounting firm: three condominiums, one folder of the bank's files, one command",
    pt: 'A administradora: três condomínios, uma pasta com os arquivos do banco, um comando',
  });
  const dataDir = join(root, 'sandbox');
  await s.show(
    {
      en: 'One profile per condominium the firm keeps',
      pt: 'Um perfil para cada condomínio da administradora',
    },
    ['sandbox', 'credentials', '--write-profiles', '--data-dir', dataDir],
  );
  // Each condominium pays its PIX and TED bills; the bank answers with a return, and sends the statement.
  const inbox = join(root, 'banco');
  await mkdir(inbox);
  const day = deps.today();
  for (const [i, profile] of FIRM.entries()) {
    const as = ['--profile', profile];
    const due = await s.json<Json[]>([...as, 'payables', 'list', '--method', 'pix,ted']);
    await s.json([...as, 'payables', 'mark', ...due.map((p) => String(p.public_id))]);
    if (i === 0)
      await s.show(
        {
          en: 'With 50 profiles, a write names its target: the preview says which condominium, profile and server, and what deserves a second look (a bill paid long before it is due)',
          pt: 'Com 50 perfis, uma gravação diz onde grava: a prévia mostra condomínio, perfil e servidor, e o que merece um segundo olhar (uma conta paga muito antes do vencimento)',
        },
        [...as, 'batches', 'create', '--dry-run', '--date', 'next-business-day'],
      );
    const batch = await s.json<Json>([...as, 'batches', 'create', '--date', 'next-business-day', '--yes']);
    const rem = join(root, `${profile}.rem`);
    await s.quiet([...as, 'batches', 'download', String(batch.public_id), '-O', rem]);
    await s.quiet(['sandbox', 'bank-return', rem, '-O', join(inbox, `${day}-${i + 1}.ret`)]);
    await s.quiet([
      'sandbox',
      'statement',
      '--condominium',
      profile,
      '--data-dir',
      dataDir,
      '-O',
      join(inbox, `${day}-${i + 1}.ofx`),
    ]);
  }
  const files = (await readdir(inbox)).sort().map((f) => join(inbox, f));
  writeLine(io.stdout, '');
  writeLine(
    io.stdout,
    deps.t({
      en: `The bank's portal handed back ${files.length} files: ${files.map((f) => basename(f)).join(' ')}`,
      pt: `O portal do banco devolveu ${files.length} arquivos: ${files.map((f) => basename(f)).join(' ')}`,
    }),
  );
  const profiles = ['--profiles', FIRM.join(',')];
  await s.show(
    {
      en: 'Each file by its content into its condominium, batch or account',
      pt: 'Cada arquivo, pelo conteúdo, no seu condomínio, lote ou conta',
    },
    [...profiles, 'import', ...files],
  );
  await s.show(
    {
      en: 'The same folder again (cron, or a second click): replayed, nothing changes',
      pt: 'A mesma pasta de novo (cron, ou um segundo clique): repetido, nada muda',
    },
    [...profiles, '--quiet', 'import', ...files],
  );
  await s.show(
    { en: 'The month per condominium, for the councils', pt: 'O mês de cada condomínio, para os conselhos' },
    [...profiles, 'report', 'month'],
  );
  await s.show(
    { en: 'And every building that has units behind', pt: 'E cada prédio que tem unidades em atraso' },
    ['--all-profiles', 'defaulters'],
  );
}
