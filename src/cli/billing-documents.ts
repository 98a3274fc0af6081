/**
 * The billing run's documents (#68): the council's sheet of a plan and the residents' pages of an applied one,
 * written for one profile; `billing plan`, `billing apply` and the firm's apply call them.
 */
import { dirname, join } from 'node:path';
import type { Plan } from '../app/billing-plan.js';
import { councilSheetOf } from '../app/council-sheet.js';
import { residentPagesOfPlan } from '../app/resident-pages.js';
import type { Deps } from './context.js';
import { NO_PROGRESS, safeFileName, writeAtomically } from './files.js';
import { administradoraOf } from './profile-settings.js';

/** The council's sheet of the plan as a PDF (#68 point 3), the condominium named as the server names it. */
export async function writeCouncilSheet(deps: Deps, plan: Plan, file: string): Promise<void> {
  const sheet = await deps.app(councilSheetOf, plan);
  const { councilSheetPdf } = await import('./plan-pdf.js');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(await councilSheetPdf(sheet), file, NO_PROGRESS, true);
  deps.info(
    { en: `council's sheet written to ${file}`, pt: `planilha do conselho gravada em ${file}` },
    true,
  );
}

/**
 * The residents' pages of the month (#68 point 2): each billed unit's page from its invoice of this plan, in one
 * PDF (`AAAA-MM-<slug>.pdf`) or one a unit (`AAAA-MM-<slug>-<unit>.pdf`, `--pdf-each`), in `dir`.
 */
export async function writeResidentPages(
  deps: Deps,
  planPath: string,
  dir: string,
  each: boolean,
): Promise<void> {
  const { plan, pages } = await deps.app(residentPagesOfPlan, planPath, await administradoraOf(deps));
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const { writeResidentPdf } = await import('./resident-pdf.js');
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
