/** `condo billing …`: the month's billing plan, said for a person or a script (app/billing-plan.ts decides). */
import { basename, join } from 'node:path';
import { applyPlan, newestPlanOf, verifyBilling } from '../../app/billing-apply.js';
import { type Plan, planMonth } from '../../app/billing-plan.js';
import { acrossProfiles } from '../../app/firm.js';
import { formatDateBr } from '../../domain/dates.js';
import { UsageError } from '../../domain/errors.js';
import { formatReais } from '../../domain/money.js';
import { writeCouncilSheet, writeResidentPages } from '../billing-documents.js';
import { type ApplyFlags, applyAcrossProfiles } from '../billing-firm.js';
import { type Deps, said } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { monthFlag } from '../flags.js';
import { asWritten, type Column, printJson, printList } from '../output.js';
import { budgetPlaceOf } from '../profile-settings.js';
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
  const budget = await budgetPlaceOf(deps, opts.budget);
  const { plan, file } = await deps.app(planMonth, {
    month,
    budgetPath: budget.path,
    budgetFrom: budget.from,
    condominium: creds.condominium,
    out: opts.outputFile,
  });
  // over many profiles --pdf names a folder: each condominium's sheet AAAA-MM-<slug>-conselho.pdf in it
  if (opts.pdf)
    await writeCouncilSheet(
      deps,
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
        header: asWritten(short ? `C${i + 1}` : c.name),
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
  if (short) deps.info(said(plan.components.map((c, i) => `C${i + 1} ${c.name}`).join(' · ')), true);
  // the plan's narration names units by the dozen: broken at spaces to the terminal's width
  const narrate = (en: string, pt: string) => deps.info({ en, pt }, true);
  narrate(
    `due ${formatDateBr(plan.due_date)}; fractions: ${plan.fractions.source === 'server' ? "the server's ideal fractions" : plan.fractions.source}, adding to ${plan.fractions.sum}${plan.fractions.factor ? ` (each taken × ${plan.fractions.factor})` : ''}`,
    `vencimento ${formatDateBr(plan.due_date)}; frações: ${plan.fractions.source === 'server' ? 'as frações ideais do servidor' : plan.fractions.source}, somando ${plan.fractions.sum}${plan.fractions.factor ? ` (cada uma × ${plan.fractions.factor})` : ''}`,
  );
  // why two units of one fraction may differ by a cent: the cents rounding to the nearest left over or lacked
  for (const c of plan.components) {
    if (c.cent_more.length > 0)
      narrate(
        `${c.name}: ${formatReais(c.total_cents)}; the cents the rounding left over, one each to ${c.cent_more.join(', ')}`,
        `${c.name}: ${formatReais(c.total_cents)}; os centavos que sobram do arredondamento, um para cada: ${c.cent_more.join(', ')}`,
      );
    if (c.cent_less.length > 0)
      narrate(
        `${c.name}: ${formatReais(c.total_cents)}; the cents the rounding lacked, one each from ${c.cent_less.join(', ')}`,
        `${c.name}: ${formatReais(c.total_cents)}; os centavos que faltam no arredondamento, um de cada: ${c.cent_less.join(', ')}`,
      );
  }
  for (const e of plan.exempt) narrate(`${e.unit} exempt (${e.source})`, `${e.unit} isenta (${e.source})`);
  for (const w of plan.warnings) deps.warn(w);
  narrate(`plan written to ${file}`, `plano gravado em ${file}`);
  return 0;
}

/**
 * A firm's table's plan file: where the path does not fit, its end (the condominium is the row's, the plan's hash
 * tells it apart).
 */
const planFileColumn = <T>(path: (r: T) => string): Column<T> => ({
  header: { en: 'PLAN FILE', pt: 'ARQUIVO DO PLANO' },
  value: path,
  narrow: (r) => `…${path(r).slice(-'12345678.plan.json'.length)}`,
});

/** One condominium's plan as a row of the firm's table; its warnings said, each led by its profile. */
async function firmRow(deps: Deps, plan: Plan, file: string): Promise<number> {
  type Summary = { units: number; total_cents: number; warnings: number; plan_file: string };
  const columns: Column<Summary>[] = [
    { header: { en: 'UNITS', pt: 'UNIDADES' }, value: (r) => r.units, sum: true },
    { header: { en: 'TOTAL', pt: 'TOTAL' }, value: (r) => r.total_cents, kind: 'cents', sum: true },
    { header: { en: 'WARNINGS', pt: 'AVISOS' }, value: (r) => r.warnings, sum: true },
    planFileColumn((r) => r.plan_file),
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
  // with --issue a unit's record is its invoice issued (created first where it was not): one line a unit
  const { code } = await runBulk(
    deps,
    opts.issue ? 'issued' : 'created',
    basename(planPath),
    (hooks) =>
      deps.app(
        applyPlan,
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
    await writeResidentPages(deps, planPath, opts.pdf, opts.pdfEach === true);
  return code;
}

export async function billingVerify(
  deps: Deps,
  planArg: string | undefined,
  opts: { month?: string | undefined; plans: string },
): Promise<number> {
  const { plan, planPath, problems, unmarked, checked, replacedBy } = await deps.app(verifyBilling, {
    planPath: planArg,
    month: opts.month === undefined ? undefined : monthFlag('--month', opts.month),
    dir: opts.plans,
    condominium: (await deps.credentials()).condominium,
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
        planFileColumn((r: Checked) => r.plan_file),
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
          said(`  ${i.public_id}  ${unitOf(i.unit_id)}  ${formatReais(Math.round(Number(i.total) * 100))}`),
          true,
        );
      if (unmarked.length > 20)
        deps.info({
          en: `  … and ${unmarked.length - 20} more (--json lists them)`,
          pt: `  … e mais ${unmarked.length - 20} (--json lista todas)`,
        });
    }
    deps.info(
      problems.length === 0
        ? {
            en: `${checked} units, each billed once as planned`,
            pt: `${checked} unidades, cada uma cobrada uma vez como planejado`,
          }
        : replacedBy !== undefined
          ? { en: `${planPath}: not the month's plan`, pt: `${planPath}: não é o plano do mês` }
          : {
              en: `${new Set(problems.map((p) => p.unit)).size} of ${checked} units not as planned`,
              pt: `${new Set(problems.map((p) => p.unit)).size} de ${checked} unidades fora do planejado`,
            },
    );
  }
  return problems.length === 0 ? 0 : ExitCode.attention;
}
