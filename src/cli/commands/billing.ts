/** `condo billing …`: the month's billing plan, said for a person or a script (app/billing-plan.ts decides). */
import { basename, dirname, join } from 'node:path';
import {
  type ApplyPreview,
  type ApplyResult,
  applyPlan,
  findMonthPlan,
  newestPlanOf,
  planInvoices,
  previewApply,
  verifyPlan,
} from '../../app/billing-apply.js';
import { budgetPathFor, type Plan, planBilling } from '../../app/billing-plan.js';
import { councilSheet } from '../../app/council-sheet.js';
import { acrossProfiles, type ProfileTarget, pooled, serverFate } from '../../app/firm.js';
import { pageFactsOf, residentPages } from '../../app/resident-pages.js';
import { formatDateBr } from '../../domain/dates.js';
import { CondoError, UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import { errorWords } from '../api-errors.js';
import { confirmed } from '../confirm.js';
import type { Deps } from '../context.js';
import { ExitCode, exitCodeOf } from '../exit-codes.js';
import { NO_PROGRESS, safeFileName, writeAtomically } from '../files.js';
import { monthFlag } from '../flags.js';
import { type Column, printJson, printList } from '../output.js';
import { profileDeps, selectedProfiles } from '../profiles.js';
import { runBulk } from '../stoppable.js';

const invoicesEn = (n: number) => (n === 1 ? '1 invoice' : `${n} invoices`);

type PlanUnitRow = Plan['units'][number];

type Row =
  | Plan['units'][number]
  | { unit_id: null; unit: string; lines: Plan['units'][number]['lines']; total_cents: number };

export async function billingPlan(
  deps: Deps,
  opts: {
    month?: string | undefined;
    budget?: string | undefined;
    outputFile?: string | undefined;
    pdf?: string | undefined;
  },
): Promise<number> {
  if (!opts.month)
    throw new UsageError({ en: '--month is required (MM/YYYY)', pt: '--month é obrigatório (MM/AAAA)' });
  const month = monthFlag('--month', opts.month);
  // a firm's run (--all-profiles): a row a condominium in one table, all plans in one folder
  const firm = deps.collect !== undefined;
  if (firm && opts.outputFile?.endsWith('.json'))
    throw new UsageError({
      en: '-O: over many profiles, give a folder (each plan is named by its condominium)',
      pt: '-O: com vários perfis, dê uma pasta (cada plano leva o nome do condomínio)',
    });
  const creds = await deps.credentials();
  const store = await deps.config();
  const budget = budgetPathFor({
    given: opts.budget,
    profileBudget: creds.profileName ? store.profile(creds.profileName)?.budget : undefined,
    budgets: store.setting(creds.profileName, 'budgets'),
    condominium: creds.condominium,
  });
  const client = await deps.client();
  const [units, chart] = await Promise.all([client.units.list(), client.chartOfAccounts.list()]);
  const { plan, file } = await planBilling(
    { units: [...units], chart: [...chart] },
    {
      month,
      budgetPath: budget.path,
      budgetFrom: budget.from,
      condominium: creds.condominium,
      out: opts.outputFile,
    },
  );
  // over many profiles --pdf names a folder: each condominium's sheet AAAA-MM-<slug>-conselho.pdf in it
  if (opts.pdf)
    await writeCouncilSheet(
      deps,
      client,
      plan,
      firm ? join(opts.pdf, `${plan.month}-${plan.condominium}-conselho.pdf`) : opts.pdf,
    );
  if (firm) return firmRow(deps, plan, file);
  if (deps.format === 'json') {
    printJson(deps, { ...plan, plan_file: file });
    return 0;
  }
  const cents = (row: Row, name: string) => row.lines.find((l) => l.component === name)?.cents;
  // on a terminal where the components' names would not fit as headings (a heading is never cut), each is
  // C1, C2… and a line under the table names them; a script always gets the names
  const widest = Math.max(0, ...plan.units.map((u) => u.unit.length));
  const room = (deps.io.stdout.columns ?? 80) - widest - 'R$ 00.000,00'.length - 4;
  const named = plan.components.reduce((a, c) => a + Math.max(c.name.length, 'R$ 00.000,00'.length) + 2, 0);
  const short = deps.format === 'table' && named > room;
  // a spreadsheet's rows carry each unit's fraction, the TOTAL row their sum (the council's sheet, #68 point 3)
  const decimal = (d: string) => (deps.excel ? d.replace('.', ',') : d.replace(',', '.'));
  const columns: Column<Row>[] = [
    { header: { en: 'UNIT', pt: 'UNIDADE' }, value: (r) => r.unit, cut: true },
    ...(deps.format === 'table'
      ? []
      : [
          {
            header: { en: 'FRACTION', pt: 'FRAÇÃO' },
            value: (r: Row) =>
              decimal(r.unit_id === null ? plan.fractions.sum : ((r as PlanUnitRow).fraction ?? '')),
          },
        ]),
    ...plan.components.map(
      (c, i): Column<Row> => ({
        header: short ? `C${i + 1}` : c.name,
        value: (r) => cents(r, c.name),
        kind: 'cents',
        drop: plan.components.length - i,
      }),
    ),
    { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'cents' },
    // a spreadsheet's row carries its due date; a person's screen says it once, under the table
    ...(deps.format === 'table'
      ? []
      : [
          {
            header: { en: 'DUE', pt: 'VENCIMENTO' },
            value: (r: Row) => (r.unit_id === null ? '' : plan.due_date),
            kind: 'date' as const,
          },
          // what the council asks of each row: a cent the rounding gave or took, and an exemption with its source
          {
            header: { en: 'ROUNDING', pt: 'ARREDONDAMENTO' },
            value: (r: Row) =>
              plan.components
                .flatMap((c) =>
                  c.cent_more.includes(r.unit)
                    ? [`${c.name} +0.01`]
                    : c.cent_less.includes(r.unit)
                      ? [`${c.name} -0.01`]
                      : [],
                )
                .map((x) => (deps.excel ? x.replace('.', ',') : x))
                .join('; '),
          },
          {
            header: { en: 'EXEMPT', pt: 'ISENÇÃO' },
            value: (r: Row) => plan.exempt.find((e) => e.unit === r.unit)?.source ?? '',
          },
        ]),
  ];
  const total: Row = {
    unit_id: null,
    unit: 'TOTAL',
    lines: plan.components.map((c) => ({ component: c.name, cents: c.total_cents })),
    total_cents: plan.total_cents,
  };
  await printList(deps, [...plan.units, total], columns);
  if (short) deps.info(plan.components.map((c, i) => `C${i + 1} ${c.name}`).join(' · '), true);
  // the plan's narration names units by the dozen: broken at spaces to the terminal's width
  const said = (en: string, pt: string) => deps.info({ en, pt }, true);
  said(
    `due ${formatDateBr(plan.due_date)}; fractions: ${plan.fractions.source === 'server' ? "the server's ideal fractions" : plan.fractions.source}, adding to ${plan.fractions.sum}${plan.fractions.factor ? ` (each taken × ${plan.fractions.factor})` : ''}`,
    `vencimento ${formatDateBr(plan.due_date)}; frações: ${plan.fractions.source === 'server' ? 'as frações ideais do servidor' : plan.fractions.source}, somando ${plan.fractions.sum}${plan.fractions.factor ? ` (cada uma × ${plan.fractions.factor})` : ''}`,
  );
  // why two units of one fraction may differ by a cent: the cents rounding to the nearest left over or lacked
  for (const c of plan.components) {
    if (c.cent_more.length > 0)
      said(
        `${c.name}: ${formatReais(c.total_cents)}; the cents the rounding left over, one each to ${c.cent_more.join(', ')}`,
        `${c.name}: ${formatReais(c.total_cents)}; os centavos que sobram do arredondamento, um para cada: ${c.cent_more.join(', ')}`,
      );
    if (c.cent_less.length > 0)
      said(
        `${c.name}: ${formatReais(c.total_cents)}; the cents the rounding lacked, one each from ${c.cent_less.join(', ')}`,
        `${c.name}: ${formatReais(c.total_cents)}; os centavos que faltam no arredondamento, um de cada: ${c.cent_less.join(', ')}`,
      );
  }
  for (const e of plan.exempt) said(`${e.unit} exempt (${e.source})`, `${e.unit} isenta (${e.source})`);
  for (const w of plan.warnings) deps.warn(w);
  said(`plan written to ${file}`, `plano gravado em ${file}`);
  return 0;
}

/** The council's sheet of the plan as a PDF (#68 point 3), the condominium named as the server names it. */
async function writeCouncilSheet(
  deps: Deps,
  client: Awaited<ReturnType<Deps['client']>>,
  plan: Plan,
  file: string,
): Promise<void> {
  const condo = await client.condominiums.get().catch(() => undefined);
  const { councilSheetPdf } = await import('../plan-pdf.js');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(await councilSheetPdf(councilSheet(plan, condo?.name)), file, NO_PROGRESS, true);
  deps.info(
    { en: `council's sheet written to ${file}`, pt: `planilha do conselho gravada em ${file}` },
    true,
  );
}

/** One condominium's plan as a row of the firm's table; its warnings said, each led by its profile. */
async function firmRow(deps: Deps, plan: Plan, file: string): Promise<number> {
  type Summary = { units: number; total_cents: number; warnings: number; plan_file: string };
  const columns: Column<Summary>[] = [
    { header: { en: 'UNITS', pt: 'UNIDADES' }, value: (r) => r.units, sum: true },
    { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'cents', sum: true },
    { header: { en: 'WARNINGS', pt: 'AVISOS' }, value: (r) => r.warnings, sum: true },
    // where the path does not fit, its end: the condominium is the row's, the plan's hash tells it apart
    {
      header: { en: 'PLAN FILE', pt: 'ARQUIVO DO PLANO' },
      value: (r) => r.plan_file,
      narrow: (r) => `…${r.plan_file.slice(-'12345678.plan.json'.length)}`,
    },
  ];
  const row: Summary = {
    units: plan.units.filter((u) => u.total_cents > 0).length,
    total_cents: plan.total_cents,
    warnings: plan.warnings.length,
    plan_file: file,
  };
  await printList(deps, [row], columns);
  for (const w of plan.warnings) deps.warn(w);
  return 0;
}

interface ApplyFlags {
  issue?: boolean | undefined;
  replace?: boolean | undefined;
  month?: string | undefined;
  plans: string;
  yes?: boolean | undefined;
  pdf?: string | undefined;
  pdfEach?: boolean | undefined;
}

export async function billingApply(
  deps: Deps,
  planArg: string | undefined,
  opts: ApplyFlags,
): Promise<number> {
  const month = opts.month === undefined ? undefined : monthFlag('--month', opts.month);
  if (acrossProfiles(deps.globals)) {
    if (planArg !== undefined || month === undefined)
      throw new UsageError({
        en: "over many profiles, give --month MM/YYYY (each condominium's newest plan of it in --plans), not a plan file",
        pt: 'com vários perfis, dê --month MM/AAAA (o plano mais novo de cada condomínio em --plans), não um arquivo de plano',
      });
    return applyAcrossProfiles(deps, month, opts);
  }
  const creds = await deps.credentials();
  if (planArg === undefined && month === undefined)
    throw new UsageError({
      en: 'give the plan file, or --month MM/YYYY (its newest plan in --plans)',
      pt: 'dê o arquivo do plano, ou --month MM/AAAA (o plano mais novo em --plans)',
    });
  const planPath =
    planArg ??
    (await newestPlanOf({ month: month as string, dir: opts.plans, condominium: creds.condominium }));
  const client = await deps.client();
  // with --issue a unit's record is its invoice issued (created first where it was not): one line a unit
  const { code } = await runBulk(
    deps,
    opts.issue ? 'issued' : 'created',
    basename(planPath),
    (hooks) =>
      applyPlan(
        client,
        planPath,
        { issue: opts.issue === true, replace: opts.replace === true, condominium: creds.condominium },
        hooks,
      ),
    (result) => {
      if (result.canceled > 0)
        deps.info({
          en: `${invoicesEn(result.canceled)} of the earlier plan canceled`,
          pt: `${result.canceled === 1 ? '1 cobrança do plano anterior cancelada' : `${result.canceled} cobranças do plano anterior canceladas`}`,
        });
      if (result.already > 0)
        deps.info({
          en: `${result.already === 1 ? '1 unit' : `${result.already} units`} already billed by this plan: not created again`,
          pt: `${result.already === 1 ? '1 unidade já cobrada por este plano: não criada' : `${result.already} unidades já cobradas por este plano: não criadas`} de novo`,
        });
      if (result.withoutItems)
        deps.info({
          en: "this server does not take an invoice's items: each invoice's composition is in its notes, after the marker",
          pt: 'este servidor não aceita os itens de uma cobrança: a composição de cada uma está nas observações, após a marca',
        });
      if (opts.issue && result.issued > 0)
        deps.info({
          en: `${invoicesEn(result.created)} created now, ${result.issued} issued (boleto and PIX)`,
          pt: `${result.created === 1 ? '1 cobrança criada' : `${result.created} cobranças criadas`} agora, ${result.issued} ${result.issued === 1 ? 'emitida' : 'emitidas'} (boleto e PIX)`,
        });
    },
  );
  if (opts.pdf && code === ExitCode.ok)
    await writeResidentPages(deps, client, planPath, opts.pdf, opts.pdfEach === true);
  return code;
}

/**
 * The residents' pages of the month (#68 point 2): each billed unit's page from its invoice of this plan, in one
 * PDF (`AAAA-MM-<slug>.pdf`) or one a unit (`AAAA-MM-<slug>-<unit>.pdf`, `--pdf-each`), in `dir`.
 */
async function writeResidentPages(
  deps: Deps,
  client: Awaited<ReturnType<Deps['client']>>,
  planPath: string,
  dir: string,
  each: boolean,
): Promise<void> {
  const [{ plan, invoices }, creds, store] = await Promise.all([
    planInvoices(client, planPath),
    deps.credentials(),
    deps.config(),
  ]);
  const setting = (key: 'administradora' | 'administradora_cnpj' | 'administradora_logo') =>
    store.setting(creds.profileName, key);
  const pages = residentPages(
    plan,
    await pageFactsOf(client, invoices, {
      name: setting('administradora'),
      cnpj: setting('administradora_cnpj'),
      logo: setting('administradora_logo'),
    }),
  );
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const { writeResidentPdf } = await import('../resident-pdf.js');
  const name = `${plan.month}-${plan.condominium}`;
  const files: [string, typeof pages][] = each
    ? pages.map((p) => [`${name}-${safeFileName(p.unit.label.replace(/\s+/g, '-'), 'unidade')}.pdf`, [p]])
    : [[`${name}.pdf`, pages]];
  for (const [file, part] of files) await writeResidentPdf(part, join(dir, file));
  deps.info(
    {
      en: `${pages.length} residents' pages written to ${each ? `${dir} (${files.length} files)` : join(dir, `${name}.pdf`)}`,
      pt: `${pages.length} páginas dos condôminos gravadas em ${each ? `${dir} (${files.length} arquivos)` : join(dir, `${name}.pdf`)}`,
    },
    true,
  );
}

/** One condominium's part of the firm's apply. */
interface FirmPart {
  target: ProfileTarget;
  planPath?: string;
  preview?: ApplyPreview;
  result?: ApplyResult;
  error?: CondoError;
}

/**
 * The firm's apply (#68): each condominium's newest plan of the month previewed on its own profile (what would be
 * created, nothing sent), one question for them all (or --yes), then each applied on its profile; one that fails is
 * named with the command that runs it again, and does not stop the others. A server found down is asked once.
 */
async function applyAcrossProfiles(deps: Deps, month: string, opts: ApplyFlags): Promise<number> {
  const targets = await selectedProfiles(deps);
  const fate = serverFate();
  const onProfile = async (part: FirmPart, work: (child: Deps) => Promise<void>): Promise<FirmPart> => {
    const down = fate.downOf(part.target.baseUrl);
    if (down) return { ...part, error: down };
    const child = profileDeps(deps, part.target);
    try {
      await work(child);
      return part;
    } catch (e) {
      if (!(e instanceof CondoError)) throw e;
      fate.note(part.target.baseUrl, e);
      return { ...part, error: e };
    } finally {
      await child.close();
    }
  };
  const previewed = await pooled(targets, (target) => {
    const part: FirmPart = { target };
    return onProfile(part, async (child) => {
      part.planPath = await newestPlanOf({ month, dir: opts.plans, condominium: target.condominium });
      part.preview = await previewApply(await child.client(), part.planPath);
    });
  });
  const ready = previewed.filter((p) => p.preview && !p.error);
  if (deps.format === 'table') await printList(deps, previewed, previewColumns);
  const invoices = ready.reduce((a, p) => a + (p.preview?.create ?? 0), 0);
  const cents = ready.reduce((a, p) => a + (p.preview?.create_cents ?? 0), 0);
  const go =
    ready.length > 0 &&
    (await confirmed(deps, {
      yes: opts.yes,
      question: {
        en: `Create ${invoices} invoices (${formatReais(cents)})${opts.issue ? ' and issue them' : ''} in ${ready.length} condominiums?`,
        pt: `Criar ${invoices} cobranças (${formatReais(cents)})${opts.issue ? ' e emiti-las' : ''} em ${ready.length} condomínios?`,
      },
      verb: { en: 'bill many condominiums', pt: 'emitir em vários condomínios' },
      past: { en: 'billed', pt: 'emitido' },
    }));
  const applied = go
    ? await pooled(previewed, (part) =>
        part.error || !part.planPath
          ? Promise.resolve(part)
          : onProfile(part, async (child) => {
              const creds = await child.credentials();
              part.result = await applyPlan(
                await child.client(),
                part.planPath as string,
                {
                  issue: opts.issue === true,
                  replace: opts.replace === true,
                  condominium: creds.condominium,
                },
                {},
              );
              // each condominium's pages in the one folder, named by its slug (a unit's failure leaves them out)
              if (opts.pdf && part.result.records.every((r) => r.ok))
                await writeResidentPages(
                  child,
                  await child.client(),
                  part.planPath as string,
                  opts.pdf,
                  opts.pdfEach === true,
                );
            }),
      )
    : previewed;
  return reportFirmApply(deps, applied, go, month, opts);
}

const previewColumns: Column<FirmPart>[] = [
  { header: { en: 'CONDOMINIUM', pt: 'CONDOMÍNIO' }, value: (p) => p.target.condominium, cut: true },
  { header: { en: 'TO CREATE', pt: 'A CRIAR' }, value: (p) => p.preview?.create ?? '' },
  { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.preview?.create_cents, kind: 'cents' },
  { header: { en: 'ALREADY', pt: 'JÁ COBRADAS' }, value: (p) => p.preview?.already ?? '' },
  {
    header: { en: 'PLAN', pt: 'PLANO' },
    // a condominium that cannot be applied is named under the table, with why and the command to run again
    value: (p) => (p.error ? '—' : (p.planPath ?? '')),
    // where the path does not fit, as much of its end as the table can spare (the hash tells plans apart)
    narrowTo: (p, width) => {
      const path = p.error ? '—' : (p.planPath ?? '');
      return path.length <= width ? path : `…${path.slice(-(width - 1))}`;
    },
  },
];

/** Each condominium's outcome; one that failed, or was not reached, named with the command that runs it again. */
async function reportFirmApply(
  deps: Deps,
  parts: readonly FirmPart[],
  went: boolean,
  month: string,
  opts: ApplyFlags,
): Promise<number> {
  const again = (p: FirmPart) =>
    `condo --profile ${p.target.profile} billing apply --month ${month.slice(5)}/${month.slice(0, 4)} --plans ${opts.plans}${opts.issue ? ' --issue' : ''}${opts.replace ? ' --replace' : ''}`;
  const failedOf = (p: FirmPart) => p.result?.records.filter((r) => !r.ok).length ?? 0;
  if (went) {
    const columns: Column<FirmPart>[] = [
      { header: { en: 'CONDOMINIUM', pt: 'CONDOMÍNIO' }, value: (p) => p.target.condominium, cut: true },
      { header: { en: 'CREATED', pt: 'CRIADAS' }, value: (p) => p.result?.created ?? '' },
      { header: { en: 'ISSUED', pt: 'EMITIDAS' }, value: (p) => p.result?.issued ?? '' },
      { header: { en: 'ALREADY', pt: 'JÁ COBRADAS' }, value: (p) => p.result?.already ?? '' },
      { header: { en: 'FAILED', pt: 'FALHAS' }, value: (p) => (p.error ? '' : failedOf(p)) },
    ];
    if (deps.format === 'json')
      printJson(
        deps,
        parts.map((p) => ({
          condominium: p.target.condominium,
          profile: p.target.profile,
          plan_file: p.planPath ?? null,
          ...(p.error
            ? { error: { code: p.error.code ?? null, message: p.error.message } }
            : {
                created: p.result?.created ?? 0,
                issued: p.result?.issued ?? 0,
                already: p.result?.already ?? 0,
                canceled: p.result?.canceled ?? 0,
                failed: failedOf(p),
              }),
        })),
      );
    else await printList(deps, parts, columns);
  }
  let code = 0;
  for (const p of parts) {
    const failed = failedOf(p);
    if (!p.error && failed === 0) continue;
    const why = p.error
      ? `${errorWords(deps.t, p.error)}${p.error.code ? ` (${p.error.code})` : ''}`
      : deps.t({ en: `${failed} units failed`, pt: `${failed} unidades com falha` });
    deps.warn({
      en: `${p.target.profile}: ${why}; run again: ${again(p)}`,
      pt: `${p.target.profile}: ${why}; rode de novo: ${again(p)}`,
    });
    const r = p.result?.records.find((x) => !x.ok);
    code = Math.max(code, p.error ? exitCodeOf(p.error) : r && !r.ok ? exitCodeOf(r.error) : 1);
  }
  return code;
}

export async function billingVerify(
  deps: Deps,
  planArg: string | undefined,
  opts: { month?: string | undefined; plans: string },
): Promise<number> {
  const client = await deps.client();
  const month = opts.month === undefined ? undefined : monthFlag('--month', opts.month);
  if (planArg === undefined && month === undefined)
    throw new UsageError({
      en: 'give the plan file, or --month MM/YYYY (its plan found in --plans)',
      pt: 'dê o arquivo do plano, ou --month MM/AAAA (o plano achado em --plans)',
    });
  const planPath =
    planArg ??
    (await findMonthPlan(client, {
      month: month as string,
      dir: opts.plans,
      condominium: (await deps.credentials()).condominium,
    }));
  const { plan, problems, unmarked, checked } = await verifyPlan(client, planPath);
  if (month !== undefined && plan.month !== month)
    throw new UsageError({
      en: `${planPath} is the plan of ${plan.month}, not of --month ${opts.month}`,
      pt: `${planPath} é o plano de ${plan.month}, não do --month ${opts.month}`,
    });
  const unitOf = (id: unknown) => plan.units.find((u) => u.unit_id === Number(id))?.unit ?? String(id ?? '');
  // a firm's run (--all-profiles): a row a condominium, each problem said led by its profile
  if (deps.collect) {
    type Checked = { checked: number; problems: number; unmarked: number; plan_file: string };
    await printList(
      deps,
      [{ checked, problems: problems.length, unmarked: unmarked.length, plan_file: planPath }],
      [
        { header: { en: 'UNITS', pt: 'UNIDADES' }, value: (r: Checked) => r.checked, sum: true },
        {
          header: { en: 'NOT AS PLANNED', pt: 'FORA DO PLANO' },
          value: (r: Checked) => r.problems,
          sum: true,
        },
        { header: { en: 'WITHOUT MARKER', pt: 'SEM MARCA' }, value: (r: Checked) => r.unmarked, sum: true },
        {
          header: { en: 'PLAN FILE', pt: 'ARQUIVO DO PLANO' },
          value: (r: Checked) => r.plan_file,
          narrow: (r: Checked) => `…${r.plan_file.slice(-'12345678.plan.json'.length)}`,
        },
      ],
    );
    for (const p of problems) deps.warn({ en: `${p.unit}: ${p.text.en}`, pt: `${p.unit}: ${p.text.pt}` });
    return problems.length === 0 ? 0 : ExitCode.attention;
  }
  if (deps.format === 'json') {
    printJson(deps, {
      month: plan.month,
      plan_file: planPath,
      checked,
      problems: problems.map((p) => ({ unit: p.unit, problem: p.text.en })),
      unmarked: unmarked.map((i) => ({
        public_id: i.public_id,
        unit: unitOf(i.unit_id),
        total: i.total,
        state: i.state,
      })),
    });
  } else {
    deps.info({ en: `plan ${planPath}`, pt: `plano ${planPath}` });
    for (const p of problems) deps.warn({ en: `${p.unit}: ${p.text.en}`, pt: `${p.unit}: ${p.text.pt}` });
    if (unmarked.length > 0) {
      deps.info({
        en: `${invoicesEn(unmarked.length)} of the month without the billing marker (an agreement's, one made by hand), not counted:`,
        pt: `${unmarked.length === 1 ? '1 cobrança' : `${unmarked.length} cobranças`} do mês sem a marca da emissão (de um acordo, feita à mão), não ${unmarked.length === 1 ? 'contada' : 'contadas'}:`,
      });
      for (const i of unmarked.slice(0, 20))
        deps.info(
          `  ${i.public_id}  ${unitOf(i.unit_id)}  ${formatReais(Math.round(Number(i.total) * 100))}`,
          true,
        );
      if (unmarked.length > 20)
        deps.info({
          en: `  … and ${unmarked.length - 20} more (--json lists them)`,
          pt: `  … e mais ${unmarked.length - 20} (--json lista todas)`,
        });
    }
    const replaced = problems.some((p) => p.unit === plan.month);
    deps.info(
      problems.length === 0
        ? {
            en: `${checked} units, each billed once as planned`,
            pt: `${checked} unidades, cada uma cobrada uma vez como planejado`,
          }
        : replaced
          ? { en: `${planPath}: not the month's plan`, pt: `${planPath}: não é o plano do mês` }
          : {
              en: `${new Set(problems.map((p) => p.unit)).size} of ${checked} units not as planned`,
              pt: `${new Set(problems.map((p) => p.unit)).size} de ${checked} unidades fora do planejado`,
            },
    );
  }
  return problems.length === 0 ? 0 : ExitCode.attention;
}
