import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { readChunks } from '../../app/files.js';
import { placeSandboxProfile } from '../../config/sandbox-profiles.js';
import { BOLETO_BANKS } from '../../domain/boleto/banks.js';
import { SANDBOX_PORT } from '../../domain/endpoints.js';
import { ConflictError, UsageError } from '../../domain/errors.js';
import { SANDBOX_STATEMENT_FORMATS } from '../../domain/ledger.js';
import type { Deps } from '../context.js';
import { alreadyThere, deliver, deliverText, outputTarget } from '../files.js';
import { bankCodeFlag, dateFlag, enumFlag, intFlag, monthFlag, reaisFlag } from '../flags.js';
import { prefixed } from '../i18n.js';
import { writeLine } from '../io.js';
import { printJson, printList } from '../output.js';
import { profileSandboxDir, sandboxCondominium, sandboxDataDir } from '../sandbox-profile.js';

export { sandboxDataDir };

import { untilStopped } from '../signals.js';

/** The sandbox: the whole finance API, locally, for trying things and for the tests. */

export const SANDBOX_PROFILE = 'sandbox';

/**
 * The profile a started sandbox writes: `sandbox` for the default port and data dir; `sandbox-<port>` on another
 * port, else `sandbox-<data dir name>`, so a second sandbox never takes over the first one's profile.
 */
export function sandboxProfileName(port: number, dataDir: string, defaultDataDir: string): string {
  if (String(port) !== SANDBOX_PORT) return `${SANDBOX_PROFILE}-${port}`;
  if (resolve(dataDir) !== resolve(defaultDataDir)) return `${SANDBOX_PROFILE}-${basename(resolve(dataDir))}`;
  return SANDBOX_PROFILE;
}

/** `600/60` or `600` (per minute), for `flag` (--rate-limit, --ip-rate-limit). */
export function parseRateLimit(text: string, flag = '--rate-limit'): { count: number; seconds: number } {
  const m = /^(\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (!m)
    throw new UsageError({
      en: `${flag}: "${text}" is not COUNT or COUNT/SECONDS`,
      pt: `${flag}: "${text}" não é QUANTIDADE ou QUANTIDADE/SEGUNDOS`,
    });
  const count = intFlag(flag, m[1] as string, 1, 1_000_000);
  const seconds = m[2] ? intFlag(flag, m[2], 1, 86_400) : 60;
  return { count, seconds };
}

export interface StartOptions {
  host: string;
  port: string;
  dataDir?: string;
  rateLimit?: string;
  ipRateLimit?: string;
  tokenTtl?: string;
  allowHost?: string[];
  webhookAllow?: string[];
  /** false with --no-bills */
  bills?: boolean;
  condominiums?: string;
  units?: string;
  specOnly?: boolean;
}

/** Where a sandbox bound to `host` can be reached from, for the warning when that is more than this machine. */
function reachableAt(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::')
    return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && (host === '::' || a.family === 'IPv4'))
    .map((a) => `http://${a!.family === 'IPv6' ? `[${a!.address}]` : a!.address}:${port}`);
}

export async function startSandboxVerb(deps: Deps, opts: StartOptions): Promise<number> {
  const port = intFlag('--port', opts.port, 0, 65_535);
  const rateLimit = opts.rateLimit ? parseRateLimit(opts.rateLimit) : undefined;
  const ipRateLimit = opts.ipRateLimit ? parseRateLimit(opts.ipRateLimit, '--ip-rate-limit') : undefined;
  const tokenTtlSeconds = opts.tokenTtl ? intFlag('--token-ttl', opts.tokenTtl, 1, 86_400) : undefined;
  const condominiums = condominiumsFlag(opts.condominiums);
  const units = opts.units === undefined ? undefined : intFlag('--units', opts.units, 1, 5_000);
  const dataDir = sandboxDataDir(deps.io.env, opts.dataDir);
  const { startSandbox, DB_FILE } = await import('../../sandbox/index.js');
  // a building is seeded once, with its data dir: a data dir that has one keeps it
  if (units !== undefined && (await stat(join(dataDir, DB_FILE)).catch(() => undefined)))
    throw new UsageError({
      en: `--units: ${dataDir} is seeded already; give a new --data-dir for a building of ${units} units`,
      pt: `--units: ${dataDir} já tem dados; indique um --data-dir novo para um prédio de ${units} unidades`,
    });
  const sandbox = await startSandbox({
    ...(condominiums ? { condominiums } : {}),
    ...(units ? { units } : {}),
    host: opts.host,
    port,
    dataDir,
    ...(rateLimit ? { rateLimit } : {}),
    ...(ipRateLimit ? { ipRateLimit } : {}),
    ...(tokenTtlSeconds ? { tokenTtlSeconds } : {}),
    ...(opts.allowHost?.length ? { allowHosts: opts.allowHost } : {}),
    ...(opts.webhookAllow?.length ? { webhookAllow: opts.webhookAllow } : {}),
    ...(opts.bills === false ? { bills: false } : {}),
    ...(opts.specOnly ? { specOnly: true } : {}),
    ...(deps.debug ? { log: deps.debug } : {}),
  });
  const main = sandbox.clients.find((c) => c.name === 'default');
  let profile = sandboxProfileName(
    Number(new URL(sandbox.baseUrl).port),
    dataDir,
    sandboxDataDir(deps.io.env),
  );
  if (main) {
    const store = await deps.config();
    const { profileTokenKey } = await import('../../config/store.js');
    const place = placeSandboxProfile(store.profiles(), profile, main.condominium, dataDir, sandbox.baseUrl);
    if (place.kept) deps.warn(keptProfile(place.kept, place.name));
    profile = place.name;
    await store.saveProfile(profile, {
      base_url: sandbox.baseUrl,
      condominium: main.condominium,
      condominium_name: main.condominium_name,
      client_id: main.client_id,
      client_secret: main.client_secret,
      sandbox: true,
      sandbox_data_dir: resolve(dataDir),
    });
    await store.deleteToken(profileTokenKey(profile));
    if (!store.currentProfile()) await store.useProfile(profile);
  }
  writeLine(deps.io.stdout, sandbox.baseUrl);
  const { allowedHosts } = await import('../../sandbox/index.js');
  if (allowedHosts(opts.host, []) === null) {
    // Not loopback: the seeded credentials are public, and anyone who can reach the address can use them.
    const where = reachableAt(opts.host, sandbox.port);
    deps.warn({
      en: `the sandbox listens on ${opts.host}:${sandbox.port}, not only on this machine${where.length ? `: reachable at ${where.join(', ')}` : ''}; its credentials are public seed data`,
      pt: `o sandbox escuta em ${opts.host}:${sandbox.port}, não só nesta máquina${where.length ? `: alcançável em ${where.join(', ')}` : ''}; as credenciais dele são dados públicos de exemplo`,
    });
  }
  deps.info({
    en: `Sandbox listening on ${sandbox.baseUrl} (data in ${dataDir}); profile "${profile}" points at it.`,
    pt: `Sandbox ouvindo em ${sandbox.baseUrl} (dados em ${dataDir}); o perfil "${profile}" aponta para ele.`,
  });
  deps.info({
    en: `Try: condo --profile ${profile} payables list    Stop with Ctrl-C.`,
    pt: `Experimente: condo --profile ${profile} payables list    Pare com Ctrl-C.`,
  });
  const many = new Set(sandbox.clients.map((c) => c.condominium)).size;
  if (many > 2)
    deps.info({
      en: `${many} condominiums: condo sandbox credentials --write-profiles gives each a profile, then condo --all-profiles payables list`,
      pt: `${many} condomínios: condo sandbox credentials --write-profiles dá um perfil a cada um, e então condo --all-profiles payables list`,
    });
  await untilStopped();
  await sandbox.close();
  deps.info({ en: 'Sandbox stopped.', pt: 'Sandbox parado.' });
  return 0;
}

/** `--condominiums N`: the sandbox as an accounting firm's, 2 (the seeded ones) to 200. */
function condominiumsFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const { MAX_CONDOMINIUMS, SEEDED_CONDOMINIUMS } = FIRM_LIMITS;
  return intFlag('--condominiums', text, SEEDED_CONDOMINIUMS, MAX_CONDOMINIUMS);
}

/** seed/firm.ts's bounds, here so that parsing the flag does not load the sandbox. */
const FIRM_LIMITS = { SEEDED_CONDOMINIUMS: 2, MAX_CONDOMINIUMS: 200 };

export async function credentialsVerb(
  deps: Deps,
  opts: { dataDir?: string; writeProfiles?: boolean },
): Promise<number> {
  const { readSandboxCredentials } = await import('../../sandbox/index.js');
  const dataDir = sandboxDataDir(deps.io.env, opts.dataDir ?? (await profileSandboxDir(deps)));
  const creds = await readSandboxCredentials(dataDir);
  if (opts.writeProfiles) return writeProfiles(deps, dataDir, creds);
  if (deps.format === 'json') {
    printJson(deps, creds);
    return 0;
  }
  if (creds.base_url) deps.info({ en: `Base URL: ${creds.base_url}`, pt: `URL base: ${creds.base_url}` });
  await printList(deps, creds.clients, [
    { header: { en: 'NAME', pt: 'NOME' }, value: (c) => c.name },
    { header: { en: 'CONDOMINIUM', pt: 'CONDOMÍNIO' }, value: (c) => c.condominium },
    { header: { en: 'CLIENT ID', pt: 'ID DO CLIENTE' }, value: (c) => c.client_id },
    { header: { en: 'CLIENT SECRET', pt: 'SEGREDO DO CLIENTE' }, value: (c) => c.client_secret },
    { header: { en: 'SCOPES', pt: 'ESCOPOS' }, value: (c) => c.scopes.join(' ') },
  ]);
  return 0;
}

/**
 * One profile per condominium, named after it, holding the client that may do everything there (the read-only
 * client is left out): what an accounting firm's `condo --all-profiles` runs over.
 */
async function writeProfiles(
  deps: Deps,
  dataDir: string,
  creds: Awaited<ReturnType<typeof import('../../sandbox/index.js').readSandboxCredentials>>,
): Promise<number> {
  if (!creds.base_url)
    throw new UsageError({
      en: 'the sandbox has never been started on this data dir, so its address is unknown: run condo sandbox start first',
      pt: 'o sandbox nunca foi iniciado neste diretório de dados, então seu endereço é desconhecido: rode condo sandbox start antes',
    });
  const { SCOPES } = await import('../../domain/scopes.js');
  const store = await deps.config();
  const { profileTokenKey } = await import('../../config/store.js');
  const written: {
    profile: string;
    condominium: string;
    base_url: string;
    client_id: string;
    /** a profile of that name that is not this sandbox's, left as it was */
    kept?: string;
  }[] = [];
  for (const c of creds.clients) {
    if (c.scopes.length < SCOPES.length || written.some((w) => w.condominium === c.condominium)) continue;
    const place = placeSandboxProfile(
      store.profiles(),
      c.condominium,
      c.condominium,
      dataDir,
      creds.base_url,
    );
    if (place.kept) deps.warn(keptProfile(place.kept, place.name));
    await store.saveProfile(place.name, {
      base_url: creds.base_url,
      condominium: c.condominium,
      condominium_name: c.condominium_name,
      client_id: c.client_id,
      client_secret: c.client_secret,
      sandbox: true,
      sandbox_data_dir: resolve(dataDir),
    });
    await store.deleteToken(profileTokenKey(place.name));
    written.push({
      profile: place.name,
      condominium: c.condominium,
      base_url: creds.base_url,
      client_id: c.client_id,
      ...(place.kept ? { kept: place.kept.name } : {}),
    });
  }
  if (deps.format === 'json') printJson(deps, written);
  else
    await printList(deps, written, [
      { header: { en: 'PROFILE', pt: 'PERFIL' }, value: (w) => w.profile },
      { header: { en: 'BASE URL', pt: 'URL BASE' }, value: (w) => w.base_url },
      { header: { en: 'CLIENT ID', pt: 'ID DO CLIENTE' }, value: (w) => w.client_id },
    ]);
  deps.info({
    en: `${written.length} profiles written, one per condominium; try: condo --all-profiles payables list`,
    pt: `${written.length} perfis gravados, um por condomínio; experimente: condo --all-profiles payables list`,
  });
  return 0;
}

/** The warning when a sandbox leaves a profile of that name alone and writes its own under another. */
function keptProfile(kept: { name: string; base_url: string }, writtenAs: string) {
  return {
    en: `${kept.name}: kept, it points at ${kept.base_url}; written as ${writtenAs}`,
    pt: `${kept.name}: mantido, ele aponta para ${kept.base_url}; gravado como ${writtenAs}`,
  };
}

export async function resetVerb(
  deps: Deps,
  opts: { dataDir?: string; force?: boolean; bills?: boolean },
): Promise<number> {
  const dataDir = sandboxDataDir(deps.io.env, opts.dataDir);
  const { resetSandbox, SandboxRunningError } = await import('../../sandbox/index.js');
  try {
    await resetSandbox(dataDir, { force: opts.force === true, bills: opts.bills !== false });
  } catch (err) {
    if (err instanceof SandboxRunningError) throw new ConflictError(err.message);
    throw err;
  }
  deps.info({
    en: `Sandbox data in ${dataDir} reset to the seed.`,
    pt: `Os dados do sandbox em ${dataDir} voltaram ao estado inicial.`,
  });
  return 0;
}

/** A file made here in one piece: no progress to show. */
const silent = { update: () => undefined, done: () => undefined };

export interface StatementOptions {
  month?: string;
  format?: string;
  account?: string;
  condominium?: string;
  dataDir?: string;
  outputFile?: string;
  force?: boolean;
  /** the shapes real banks' files take (#35): balance lines, a FITID twice, a scheduled bill */
  bankShapes?: boolean;
  /** cnab240: the bank whose layout it takes */
  bank?: string;
}

/**
 * Plays the bank once more: the month's statement of the payment account (what reconciliation will match, plus a
 * bank fee and an unidentified PIX credit), as OFX or CSV, read from the sandbox's data dir, running or not.
 */
export async function statementVerb(deps: Deps, opts: StatementOptions): Promise<number> {
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  const format = enumFlag('--format', opts.format ?? 'ofx', SANDBOX_STATEMENT_FORMATS);
  const bankAccountId = opts.account !== undefined ? intFlag('--account', opts.account) : undefined;
  if (format !== 'cnab240' && opts.bank !== undefined)
    throw new UsageError({
      en: '--bank: a layout is for --format cnab240',
      pt: '--bank: leiaute é para --format cnab240',
    });
  // a CNAB extrato states its balances in its lotes: it has no balance lines to shape
  if (format === 'cnab240' && opts.bankShapes)
    throw new UsageError({
      en: '--bank-shapes: OFX and CSV shapes; a CNAB 240 extrato states its balances in its headers',
      pt: '--bank-shapes: formas de OFX e CSV; um extrato CNAB 240 traz os saldos nos headers',
    });
  const bank = opts.bank === undefined ? undefined : bankCodeFlag(opts.bank);
  const extension = format === 'cnab240' ? 'ret' : format;
  const target = await outputTarget(opts.outputFile, `extrato-${month}.${extension}`, Boolean(opts.force));
  const dataDir = await sandboxData(deps, opts.dataDir);
  const { statementForDemo } = await import('../../sandbox/index.js');
  let text: string;
  try {
    text = await statementForDemo(dataDir, {
      month,
      format,
      // the bank's today is the CLI's: the statement ends on it (#52)
      now: deps.now(),
      ...(bankAccountId !== undefined ? { bankAccountId } : {}),
      ...(await sandboxCondominium(deps, opts.condominium)),
      ...(opts.bankShapes ? { bankShapes: true } : {}),
      ...(bank ? { bank } : {}),
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  // OFX 1.x declares CHARSET:1252 (its text is ASCII anyway); the CSV is what a Brazilian bank sends: windows-1252.
  await deliverText(deps.io, target, text, 'latin1');
  return 0;
}

export interface DdaOptions {
  date?: string;
  condominium?: string;
  dataDir?: string;
  outputFile?: string;
  force?: boolean;
}

/** `condo sandbox dda`: the day's DDA file, as the condominium's bank would send it (sandbox/dda-builder.ts). */
export async function ddaVerb(deps: Deps, opts: DdaOptions): Promise<number> {
  const date = opts.date === undefined ? deps.today() : dateFlag('--date', opts.date, deps.today());
  const target = await outputTarget(opts.outputFile, `DDA-${date}.ret`, Boolean(opts.force));
  const dataDir = await sandboxData(deps, opts.dataDir);
  const { ddaForDemo } = await import('../../sandbox/index.js');
  let text: string;
  try {
    const condominium = await sandboxCondominium(deps, opts.condominium);
    text = ddaForDemo(dataDir, { date, ...condominium });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  await deliverText(deps.io, target, text, 'latin1');
  return 0;
}

/**
 * The data dir a verb that plays the bank reads (--data-dir, else the running sandbox's the profile names, else the
 * default one): refused when it has no data.
 */
async function sandboxData(deps: Deps, given: string | undefined): Promise<string> {
  const dataDir = sandboxDataDir(deps.io.env, given ?? (await profileSandboxDir(deps)));
  const { DB_FILE } = await import('../../sandbox/index.js');
  if (!(await stat(join(dataDir, DB_FILE)).catch(() => undefined)))
    throw new UsageError({
      en: `--data-dir: no sandbox data in ${dataDir} (condo sandbox start creates it)`,
      pt: `--data-dir: não há dados de sandbox em ${dataDir} (condo sandbox start os cria)`,
    });
  return dataDir;
}

/** `condo sandbox budget`: the condominium's budget as the sandbox seeded it, for `condo billing plan` (#67). */
export async function budgetVerb(deps: Deps, opts: Omit<DdaOptions, 'date'>): Promise<number> {
  const target = await outputTarget(opts.outputFile, 'orcamento.yaml', Boolean(opts.force));
  const dataDir = await sandboxData(deps, opts.dataDir);
  const { budgetForDemo } = await import('../../sandbox/index.js');
  let text: string;
  try {
    text = budgetForDemo(dataDir, await sandboxCondominium(deps, opts.condominium));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  await deliverText(deps.io, target, text, 'utf8');
  return 0;
}

/** The test condominium's charges file (#69): its convention's fine, silent on interest and correction. */
export async function chargesVerb(
  deps: Deps,
  opts: { outputFile?: string; force?: boolean },
): Promise<number> {
  const target = await outputTarget(opts.outputFile, 'encargos.yaml', Boolean(opts.force));
  const { SANDBOX_CHARGES } = await import('../../sandbox/index.js');
  await deliverText(deps.io, target, SANDBOX_CHARGES, 'utf8');
  return 0;
}

export interface BankReturnOptions {
  outputFile?: string;
  force?: boolean;
  reject?: string[];
  rejectRate?: string;
  scheduleOnly?: boolean;
  seed?: string;
  asOf?: string;
}

/** Plays the bank: turns a remittance into the return file a bank would send, with real occurrence codes. */
export interface BoletoOptions {
  bank?: string;
  amount?: string;
  due?: string;
}

/**
 * `condo sandbox boleto`: a valid boleto to try the payables with, as one of the sandbox's suppliers would send
 * it: the bank's own free-field layout, the amount and the due date in the barcode. Offline; a new nosso número
 * each time, so two boletos are never the same bill.
 */
export async function boletoVerb(deps: Deps, opts: BoletoOptions): Promise<number> {
  const bank = enumFlag('--bank', (opts.bank ?? '341').padStart(3, '0'), BOLETO_BANKS);
  const amountCents = reaisFlag('--amount', opts.amount ?? '740,00');
  if (amountCents <= 0)
    throw new UsageError({
      en: '--amount: a boleto to pay has an amount above zero',
      pt: '--amount: um boleto a pagar tem valor acima de zero',
    });
  const due = dateFlag('--due', opts.due ?? '+5d', deps.today(), 'next');
  const [{ boletoFreeField }, { buildBoleto, formatLinhaDigitavel, dueDateOutOfWindow }] = await Promise.all([
    import('../../sandbox/services/invoices.js'),
    import('../../domain/boleto/index.js'),
  ]);
  const outside = dueDateOutOfWindow(due, deps.today());
  if (outside) throw new UsageError(`--due: ${outside}`);
  // a beneficiary's account at that bank, as a supplier of the sandbox has one
  const account = { bank_code: bank, agency: '0341-0', account_number: '0012345-6' } as Parameters<
    typeof boletoFreeField
  >[0];
  const { freeField, nossoNumero } = boletoFreeField(account, 1 + Math.floor(Math.random() * 9_999_999));
  const boleto = buildBoleto({ bankCode: bank, dueDate: due, amountCents, freeField });
  const view = {
    bank,
    amount_cents: amountCents,
    due_date: due,
    nosso_numero: nossoNumero,
    linha_digitavel: boleto.linhaDigitavel,
    barcode: boleto.barcode,
  };
  if (deps.format === 'json') printJson(deps, view);
  else if (deps.format === 'table') {
    const { formatReais } = await import('../../domain/money.js');
    const { formatDateBr } = await import('../../domain/dates.js');
    for (const [label, value] of [
      ['bank', bank],
      ['amount', formatReais(amountCents)],
      ['due', formatDateBr(due)],
      ['linha digitável', formatLinhaDigitavel(boleto.linhaDigitavel)],
      ['barcode', boleto.barcode],
    ] as const)
      writeLine(deps.io.stdout, `${deps.t(label).padEnd(16)} ${value}`);
    const create = `condo payables create --method boleto --document ${boleto.linhaDigitavel} --amount ${opts.amount ?? '740,00'} --due ${formatDateBr(due)}`;
    // the command on a line of its own, never broken: it is there to be copied (a terminal folds it, a copy keeps it)
    deps.info({ en: 'try:', pt: 'experimente:' });
    deps.info({
      en: `  ${create} --supplier <name> --chart-account <code> --description <text>`,
      pt: `  ${create} --supplier <nome> --chart-account <código> --description <texto>`,
    });
  } else writeLine(deps.io.stdout, `${boleto.linhaDigitavel}\t${boleto.barcode}`);
  return 0;
}

export async function bankReturnVerb(deps: Deps, remPath: string, opts: BankReturnOptions): Promise<number> {
  if (!opts.outputFile)
    throw new UsageError({
      en: '--output-file FILE.ret is required (or -O - for stdout)',
      pt: '--output-file ARQUIVO.ret é obrigatório (ou -O - para a saída padrão)',
    });
  const target = await outputTarget(opts.outputFile, '', Boolean(opts.force));
  let rejectRate: number | undefined;
  if (opts.rejectRate !== undefined) {
    const text = opts.rejectRate.trim().replace(/%$/, '');
    const n = Number(text.replace(',', '.'));
    if (!/^\d+([.,]\d+)?$/.test(text) || n < 0 || n > (opts.rejectRate.includes('%') ? 100 : 1)) {
      throw new UsageError({
        en: `--reject-rate: "${opts.rejectRate}" is not a fraction between 0 and 1 (or a percentage like 10%)`,
        pt: `--reject-rate: "${opts.rejectRate}" não é uma fração entre 0 e 1 (ou uma porcentagem como 10%)`,
      });
    }
    rejectRate = opts.rejectRate.includes('%') ? n / 100 : n;
  }
  const seed = opts.seed !== undefined ? intFlag('--seed', opts.seed, 0, 2 ** 31 - 1) : undefined;
  const bankDay = opts.asOf === undefined ? deps.today() : dateFlag('--as-of', opts.asOf, deps.today());
  await access(remPath, constants.R_OK).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError({
      en: `FILE: cannot read ${remPath}: ${e.code ?? e.message}`,
      pt: `FILE: não foi possível ler ${remPath}: ${e.code ?? e.message}`,
    });
  });
  const { streamBankReturn } = await import('../../sandbox/index.js');
  // read twice (checked, then answered) and written as it goes: a remittance of 400,000 payments is 194 MB
  let result: Awaited<ReturnType<typeof streamBankReturn>>;
  try {
    result = await streamBankReturn(() => readChunks(remPath), {
      ...(opts.reject ? { reject: opts.reject } : {}),
      ...(rejectRate !== undefined ? { rejectRate } : {}),
      ...(opts.scheduleOnly ? { scheduleOnly: true } : {}),
      ...(seed !== undefined ? { seed } : {}),
      // the sandbox's bank lives on today's date: what is to be paid later is scheduled (BD), not paid (#52)
      today: bankDay,
    });
  } catch (e) {
    throw new UsageError(prefixed(deps.t, `${remPath}: `, e as Error));
  }
  await deliver(deps.io, target, Readable.from(result.chunks), silent);
  const counts = result.counts;
  const many = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;
  deps.info({
    en: `bank return: ${counts.paid} paid, ${counts.scheduled} scheduled, ${counts.rejected} rejected`,
    pt: `retorno do banco: ${many(counts.paid, 'pago', 'pagos')}, ${many(counts.scheduled, 'agendado', 'agendados')}, ${many(counts.rejected, 'rejeitado', 'rejeitados')}`,
  });
  if (counts.scheduled > 0 && !opts.scheduleOnly) {
    const { formatDateBr } = await import('../../domain/dates.js');
    const day = formatDateBr(bankDay);
    deps.info(
      {
        en: `scheduled: dated after ${day}, the bank's day; its return on their date pays them (--as-of DATE)`,
        pt: `agendados: com data depois de ${day}, o dia do banco; o retorno na data deles os paga (--as-of DATA)`,
      },
      true,
    );
  }
  return 0;
}

export interface NfseOptions {
  month?: string;
  condominium?: string;
  dataDir?: string;
  outputDir?: string;
  force?: boolean;
}

/**
 * `condo sandbox nfse`: the month's service invoices of the condominium's providers (sandbox/nfse-builder.ts), one
 * file each in a folder (default notas-AAAA-MM/ here); each path written on its own line, for `condo nfse check`.
 */
export async function nfseVerb(deps: Deps, opts: NfseOptions): Promise<number> {
  const month = monthFlag('--month', opts.month ?? deps.today().slice(0, 7));
  const dataDir = await sandboxData(deps, opts.dataDir);
  const { nfseForDemo } = await import('../../sandbox/index.js');
  let files: { name: string; xml: string }[];
  try {
    files = nfseForDemo(dataDir, { month, ...(await sandboxCondominium(deps, opts.condominium)) });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const dir = opts.outputDir ?? `notas-${month}`;
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  // every file checked before any is written: a second run without --force leaves the folder as it was
  if (!opts.force)
    for (const f of files)
      if (await stat(join(dir, f.name)).catch(() => undefined)) throw alreadyThere('-O', join(dir, f.name));
  for (const f of files) {
    await writeFile(join(dir, f.name), f.xml, 'utf8');
    writeLine(deps.io.stdout, join(dir, f.name));
  }
  // the folder as typed, one slash at its end (`-O notas/` said "notas//")
  const folder = `${dir.replace(/[\\/]+$/, '')}/`;
  deps.info({
    en: `${files.length} NFS-e of ${month} written to ${folder} (condo nfse check ${folder})`,
    pt: `${files.length} NFS-e de ${month.slice(5)}/${month.slice(0, 4)} gravadas em ${folder} (condo nfse check ${folder})`,
  });
  return 0;
}
