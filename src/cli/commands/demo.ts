import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { addDays } from '../../domain/dates.js';
import { ApiError } from '../../domain/errors.js';
import { buildBoleto } from '../../formats/boleto/index.js';
import type { Deps } from '../context.js';
import { type Io, paint, writeLine } from '../io.js';

/**
 * `condo demo`: a sandbox on a free port with a throw-away data dir and config, and the payable lifecycle run
 * through the real CLI, each step printed as the command a person would type.
 */

type Json = Record<string, unknown>;

interface Session {
  /** Runs `condo ARGS` and shows its output. Returns the exit code. */
  show(title: string, args: string[], opts?: { stdin?: string; expectExit?: number }): Promise<number>;
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
      writeLine(io.stdout, '');
      writeLine(io.stdout, paint(io, 'bold', `▸ ${title}`));
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
          en: `demo step "${title}" exited ${code}, expected ${expected}`,
          pt: `o passo "${title}" da demonstração terminou com ${code}, esperado ${expected}`,
        });
      if (expected !== 0) writeLine(io.stdout, paint(io, 'dim', `  (exit ${code}, as expected)`));
      return code;
    },
    async json<T>(args: string[]) {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const code = await run(['--json', '--quiet', ...args], {
        ...io,
        env,
        stdout: out,
        stdin: Readable.from([]),
      });
      if (code !== 0)
        throw new ApiError({
          en: `demo step "condo ${args.join(' ')}" exited ${code}`,
          pt: `o passo "condo ${args.join(' ')}" da demonstração terminou com ${code}`,
        });
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

function chapter(io: Io, title: string): void {
  writeLine(io.stdout, '');
  writeLine(io.stdout, paint(io, 'bold', `━━ ${title}`));
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
  const env: NodeJS.ProcessEnv = { ...io.env, CONDO_CONFIG_DIR: join(root, 'config'), CONDO_PROFILE: 'demo' };
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
    const createPayable = (title: string, p: PayableStep) =>
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
      paint(io, 'bold', 'condo demo: a month of condominium payables against a local sandbox'),
    );
    writeLine(
      io.stdout,
      `Sandbox running at ${sandbox.baseUrl} (condominium ${me.condominium}); nothing here touches a real bank.`,
    );

    await s.show(
      'Log in with the sandbox client (the secret comes from stdin, never from a flag)',
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
    await s.show('Who am I', ['auth', 'status']);
    const story: Story = { deps, io, s, root, createPayable };
    await remittanceChapter(story, await payablesChapter(story));
    await receivablesChapter(story, await statementChapter(story));

    await firmChapter(deps, s, root);

    writeLine(io.stdout, '');
    writeLine(
      io.stdout,
      paint(io, 'green', 'Demo finished: sandbox stopped, temporary data and config removed.'),
    );
    return 0;
  } finally {
    await sandbox?.close().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  }
}

/** What every chapter works with: the session against the demo's sandbox, its folder, and how it creates a payable. */
interface Story {
  deps: Deps;
  io: Io;
  s: Session;
  root: string;
  createPayable: (title: string, p: PayableStep) => Promise<number>;
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
  const { io, s, createPayable } = story;
  chapter(io, 'Payables: create, change, mark for remittance');
  await s.show('Suppliers, with their bank data and PIX keys', ['suppliers', 'list']);
  await s.show('Expense accounts of the chart of accounts', [
    'ledger',
    'chart',
    '--type',
    'expense',
    '--state',
    'active',
  ]);

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

  await createPayable('Create a payable: elevator maintenance by TED, due in 5 days', {
    supplier: withBank,
    account: elevator,
    amount: '1.850,00',
    method: 'ted',
    due: '+5d',
    document: 'NF 4471',
    description: 'Manutenção mensal dos elevadores',
  });
  await createPayable('Create another: the security company by PIX, due tomorrow', {
    supplier: withPix,
    account: security,
    amount: '6.389,90',
    method: 'pix',
    due: 'tomorrow',
    description: 'Portaria 24h do mês',
  });
  await createPayable('Create one by cash that will be deleted', {
    payee: 'Chaveiro do bairro',
    account: elevator,
    amount: '120',
    method: 'cash',
    due: 'today',
    description: 'Cópia de chaves',
  });
  await s.show('What is pending', ['payables', 'list', '--state', 'pending']);

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

  await s.show('The invoice came with a fine: update the pending payable', [
    'payables',
    'update',
    tedId,
    '--fine',
    '37,00',
    '--notes',
    'multa de 2% por atraso do boleto anterior',
  ]);
  await s.show('Mark both bank payments for the next remittance (concurrently, one line each)', [
    'payables',
    'mark',
    tedId,
    pixId,
  ]);
  await s.show('A cash payment cannot go in a bank file', ['payables', 'mark', cashId], { expectExit: 2 });
  await s.show('A marked payable cannot be edited', ['payables', 'update', tedId, '--amount', '1.900,00'], {
    expectExit: 5,
  });
  await s.show('Take the PIX one out again', ['payables', 'unmark', pixId]);
  await s.show('Delete the cash payable', ['payables', 'delete', cashId, '--yes']);
  await s.show('The detail view support staff use', ['payables', 'show', tedId]);
  await s.show('For scripts: tab-separated when piped, or --json', [
    'payables',
    'list',
    '--all',
    '-o',
    'tsv',
  ]);
  return { supplier, account, withBank, elevator };
}

/** The monthly run: more bills, a boleto, the batch and its file, the bank's return, what it paid and rejected. */
async function remittanceChapter(story: Story, cast: Cast): Promise<void> {
  const { deps, io, s, root, createPayable } = story;
  const { supplier, account, withBank, elevator } = cast;
  chapter(io, 'The monthly remittance run: payables -> CNAB 240 file -> bank return -> ledger');
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
  await createPayable('A boleto of the paying bank (Itaú), with its linha digitável', {
    supplier: withDoc,
    account: admin,
    amount: '2.980,00',
    method: 'boleto',
    due: '+10d',
    document: boleto('341', 298000),
    description: 'Taxa de administração',
  });
  await createPayable('A boleto of another bank (Bradesco)', {
    supplier: withBank,
    account: elevator,
    amount: '740,00',
    method: 'boleto',
    due: '+10d',
    document: boleto('237', 74000),
    description: 'Peças do elevador',
  });
  await createPayable('A DOC to the gardener', {
    supplier: gardener,
    account: garden,
    amount: '1.200,00',
    method: 'doc',
    due: '+7d',
    description: 'Jardinagem do mês',
  });
  await s.show(
    "The month's water bill: a payee name and its barcode, no supplier or CPF/CNPJ (a utility bill is paid by its arrecadação code, segment O)",
    ['payables', 'list', '--search', 'Sabesp'],
  );
  const rejected = await s.json<Json[]>(['payables', 'list', '--rejected']);
  const gardenBill = rejected[0];
  if (gardenBill) {
    await s.show("Last remittance's rejection, still waiting (the seed's)", [
      'payables',
      'list',
      '--rejected',
    ]);
    await s.show('Why: the payable with its batches and what the bank said', [
      'payables',
      'show',
      String(gardenBill.public_id).slice(-6),
    ]);
    if (gardenBill.supplier_id)
      await s.show("Correct the supplier's account the bank refused", [
        'suppliers',
        'update',
        String(gardenBill.supplier_id),
        '--agency',
        '0001',
        '--account',
        '9384756-1',
      ]);
  }
  const pendingNow = await s.json<Json[]>(['payables', 'list', '--state', 'pending', '--all']);
  // cash and cheques are paid outside the bank file
  const toMark = pendingNow
    .filter((p) => ['pix', 'ted', 'doc', 'boleto'].includes(String(p.forma_pagamento)))
    .map((p) => String(p.public_id));
  await s.show('Mark everything pending that goes by bank (the corrected one again too)', [
    'payables',
    'mark',
    ...toMark,
  ]);
  const batch = await s.json<Json>(['batches', 'create', '--date', 'next-business-day', '--yes']);
  writeLine(io.stdout, '');
  writeLine(
    io.stdout,
    paint(io, 'bold', '▸ Generate the payment batch: one CNAB 240 file with every marked payable'),
  );
  writeLine(io.stdout, paint(io, 'cyan', '  $ condo batches create --date next-business-day'));
  writeLine(
    io.stdout,
    `batch ${batch.public_id}: ${batch.payables_count} payables, file ${batch.file_name} (NSA ${batch.file_sequence})`,
  );
  const batchId = String(batch.public_id);
  const rem = join(root, String(batch.file_name ?? 'lote.rem'));
  const ret = rem.replace(/\.rem$/, '.ret');
  await s.show('Download the remittance (streamed to a temporary file, renamed when complete)', [
    'batches',
    'download',
    batchId,
    '-O',
    rem,
  ]);
  await s.show('Check the file by eye before sending it to the bank', ['cnab', 'inspect', rem]);
  const doc = (await s.json<Json[]>(['payables', 'list', '--state', 'in_batch', '--all'])).find(
    (p) => p.forma_pagamento === 'doc',
  );
  const rejectSeu = String(doc?.public_id ?? '').slice(-20);
  await s.show('Play the bank: it pays everything but rejects the DOC', [
    'sandbox',
    'bank-return',
    rem,
    '-O',
    ret,
    '--reject',
    rejectSeu,
  ]);
  await s.show("Import the bank's return file: its payments name the batch", [
    'batches',
    'import-return',
    ret,
  ]);
  await s.show('Run it again, as a cron job would: replayed, nothing changes', [
    'batches',
    'import-return',
    ret,
  ]);
  await s.show('The batch: what was paid and what was rejected', ['batches', 'show', batchId]);
  if (doc)
    await s.show('Why the DOC was rejected (support staff view)', [
      'payables',
      'show',
      String(doc.public_id),
    ]);
  await s.show("The ledger's expense entries: this month's bills and the payments just confirmed", [
    'ledger',
    'entries',
    '--type',
    'expense',
  ]);
  await s.show('And the payment account balance that followed', ['bank-accounts', 'list']);
}

/** The night's statement: made by the sandbox's bank, imported as cron would, reconciled against the ledger. */
async function statementChapter(story: Story): Promise<Json | undefined> {
  const { deps, io, s, root } = story;
  chapter(io, "The night's bank statement: imported from cron, reconciled against the ledger");
  const paymentAccount = (await s.json<Json[]>(['bank-accounts', 'list'])).find((a) => a.is_payment_account);
  const ofx = join(root, `extrato-${deps.today().slice(0, 7)}.ofx`);
  await s.show("Play the bank: the month's statement of the payment account", [
    'sandbox',
    'statement',
    '--data-dir',
    join(root, 'sandbox'),
    '-O',
    ofx,
  ]);
  await s.show('Check the file without sending anything (no credentials needed)', [
    'statements',
    'import',
    ofx,
    '--dry-run',
  ]);
  await s.show(
    'Import it into the account it names: duplicates skipped by FITID, movements matched to entries',
    ['statements', 'import', ofx],
  );
  await s.show('Tomorrow night cron runs it again: a replay, nothing imported twice', [
    'statements',
    'import',
    ofx,
    '--account',
    String(paymentAccount?.id),
  ]);
  return paymentAccount;
}

/** Receivables: a month's fees by boleto and PIX, issued, and who is behind. */
async function receivablesChapter(story: Story, paymentAccount: Json | undefined): Promise<void> {
  const { deps, io, s } = story;
  chapter(io, "Receivables: the month's condominium fees with boleto and PIX, and who is behind");
  const units = (await s.json<Json[]>(['units', 'list'])).slice(0, 3);
  // One fee each way a resident may pay: boleto and PIX, boleto only, PIX only.
  const billing = ['BOLETO_PIX', 'BOLETO', 'PIX'];
  for (const [i, unit] of units.entries()) {
    await s.show(`Invoice the fee of ${String(unit.label ?? unit.id)}, by ${billing[i]}`, [
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
    ]);
  }
  const drafts = await s.json<Json[]>(['invoices', 'list', '--state', 'draft', '--all']);
  for (const invoice of drafts) {
    await s.show(`Issue it (${String(invoice.billing_type)}): one gateway call registers what it asks for`, [
      'invoices',
      'issue',
      String(invoice.public_id),
    ]);
  }
  for (const type of ['BOLETO', 'PIX']) {
    const invoice = drafts.find((d) => d.billing_type === type);
    if (!invoice) continue;
    await s.show(`What the resident of a ${type} invoice receives`, [
      'invoices',
      'payment',
      String(invoice.public_id),
    ]);
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
  await s.show('Units behind on their fees', ['defaulters']);
  await s.show("The month's ledger summary", ['ledger', 'summary', '--month', deps.today().slice(0, 7)]);
}

/** The firm's three condominiums in the demo sandbox (seed/firm.ts names the nth one). */
const FIRM = ['edificio-ipe-amarelo', 'residencial-bela-vista', 'edificio-solar-das-palmeiras'];

/**
 * An accounting firm's morning: a profile per condominium, a folder of the bank's files named with nothing but
 * dates, all of it in with one command (and again, changing nothing), then the month per condominium.
 */
async function firmChapter(deps: Deps, s: Session, root: string): Promise<void> {
  const { io } = deps;
  chapter(io, "The accounting firm: three condominiums, one folder of the bank's files, one command");
  const dataDir = join(root, 'sandbox');
  await s.show('One profile per condominium the firm keeps', [
    'sandbox',
    'credentials',
    '--write-profiles',
    '--data-dir',
    dataDir,
  ]);
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
        'With 50 profiles, a write names its target: the preview says which condominium, profile and server, and what deserves a second look (a bill paid long before it is due)',
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
    `The bank's portal handed back ${files.length} files: ${files.map((f) => basename(f)).join(' ')}`,
  );
  const profiles = ['--profiles', FIRM.join(',')];
  await s.show('Each file by its content into its condominium, batch or account', [
    ...profiles,
    'import',
    ...files,
  ]);
  await s.show('The same folder again (cron, or a second click): replayed, nothing changes', [
    ...profiles,
    '--quiet',
    'import',
    ...files,
  ]);
  await s.show('The month per condominium, for the councils', [...profiles, 'report', 'month']);
  await s.show('And every building that has units behind', ['--all-profiles', 'defaulters']);
}
