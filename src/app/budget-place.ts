/**
 * Where a condominium's budget is (#68), decided apart from reading it: `billing plan` and `report month` ask, and
 * neither should load the plan's machinery (a CSV parser, YAML) to know a path.
 */
import { join } from 'node:path';

/** The budget's source when nothing names one: `orcamento.yaml` in the working folder. */
export const DEFAULT_BUDGET = 'orcamento.yaml here';

/**
 * Where a condominium's budget is (#68): the one named on the command line, else the profile's own (`config set
 * budget FILE`), else `<slug>.yaml` in the firm's folder (`config set --firm budgets DIR`, which a profile may set
 * for itself), else `orcamento.yaml` here.
 */
export function budgetPathFor(req: {
  given?: string | undefined;
  profileBudget?: string | undefined;
  budgets?: string | undefined;
  condominium: string;
}): { path: string; from: string } {
  if (req.given !== undefined) return { path: req.given, from: '--budget' };
  if (req.profileBudget !== undefined) return { path: req.profileBudget, from: 'budget' };
  if (req.budgets !== undefined)
    return { path: join(req.budgets, `${req.condominium}.yaml`), from: 'budgets' };
  return { path: 'orcamento.yaml', from: DEFAULT_BUDGET };
}
