/**
 * The firm's apply (#68 point 1): each condominium's newest plan of the month previewed on its profile, one
 * question, each applied on its own profile, reported per condominium (`--all-profiles billing apply`).
 */
import {
  type ApplyPreview,
  type ApplyResult,
  applyPlan,
  newestPlanOf,
  previewApply,
} from '../app/billing-apply.js';
import { type ProfileTarget, pooled, serverFate } from '../app/firm.js';
import { formatMonthBr } from '../domain/dates.js';
import type { CondoError } from '../domain/errors.js';
import { formatReais } from '../domain/money.js';
import { errorWords } from './api-errors.js';
import { writeResidentPages } from './billing-documents.js';
import { confirmed } from './confirm.js';
import type { Deps } from './context.js';
import { exitCodeOf } from './exit-codes.js';
import { type Column, printJson, printList } from './output.js';
import { onProfile, selectedProfiles } from './profiles.js';

/** The flags of `billing apply`, as the firm's apply reads them. */
export interface ApplyFlags {
  issue?: boolean | undefined;
  replace?: boolean | undefined;
  month?: string | undefined;
  plans: string;
  yes?: boolean | undefined;
  pdf?: string | undefined;
  pdfEach?: boolean | undefined;
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
export async function applyAcrossProfiles(deps: Deps, month: string, opts: ApplyFlags): Promise<number> {
  const targets = await selectedProfiles(deps);
  const fate = serverFate();
  const onPart = async (part: FirmPart, work: (child: Deps) => Promise<void>): Promise<FirmPart> => {
    const ran = await onProfile(deps, part.target, fate, work);
    return 'error' in ran ? { ...part, error: ran.error } : part;
  };
  const previewed = await pooled(targets, (target) => {
    const part: FirmPart = { target };
    return onPart(part, async (child) => {
      part.planPath = await newestPlanOf({ month, dir: opts.plans, condominium: target.condominium });
      part.preview = await child.app(previewApply, part.planPath);
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
          : onPart(part, async (child) => {
              const creds = await child.credentials();
              part.result = await child.app(
                applyPlan,
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
                await writeResidentPages(child, part.planPath as string, opts.pdf, opts.pdfEach === true);
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
    `condo --profile ${p.target.profile} billing apply --month ${formatMonthBr(month)} --plans ${opts.plans}${opts.issue ? ' --issue' : ''}${opts.replace ? ' --replace' : ''}`;
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
