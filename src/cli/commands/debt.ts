/** `condo debt …`: a late quota updated, every line of the calculation (app/debt-calc.ts decides). */
import { calcDebt } from '../../app/debt-calc.js';
import type { Debt, DebtLine } from '../../domain/debt.js';
import { UsageError } from '../../domain/errors.js';
import type { Deps } from '../context.js';
import { dateFlag, reaisFlag } from '../flags.js';
import { type Column, printJson, printList } from '../output.js';
import { localTables } from '../tables-at-hand.js';

const STEPS = {
  principal: { en: 'principal', pt: 'principal' },
  correction: { en: 'correction', pt: 'correção' },
  interest: { en: 'interest', pt: 'juros' },
  fine: { en: 'fine', pt: 'multa' },
  total: { en: 'total', pt: 'total' },
} as const;

export async function debtCalc(
  deps: Deps,
  opts: { amount?: string | undefined; due?: string | undefined; asOf?: string | undefined; rules: string },
): Promise<number> {
  const need = (flag: string, v: string | undefined) => {
    if (v === undefined) throw new UsageError({ en: `${flag} is required`, pt: `${flag} é obrigatório` });
    return v;
  };
  const cents = reaisFlag('--amount', need('--amount', opts.amount));
  const due = dateFlag('--due', need('--due', opts.due), deps.today());
  const asOf = dateFlag('--as-of', need('--as-of', opts.asOf), deps.today());
  if (asOf < due)
    throw new UsageError({
      en: `--as-of ${asOf} is before --due ${due}: nothing is late yet`,
      pt: `--as-of ${asOf} é antes de --due ${due}: nada está atrasado ainda`,
    });
  const debt = await calcDebt({ cents, due, asOf, rulesPath: opts.rules }, await localTables(deps));
  if (deps.format === 'json') {
    printJson(deps, debt);
    return 0;
  }
  const columns: Column<DebtLine>[] = [
    { header: { en: 'STEP', pt: 'ETAPA' }, value: (l) => deps.t(STEPS[l.step]) },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (l) => l.cents, kind: 'cents' },
    { header: { en: 'HOW', pt: 'COMO' }, value: (l) => l.detail, wrap: 'cell' },
  ];
  await printList(deps, [...debt.lines], columns);
  sayWhereFrom(deps, debt.rules, debt);
  return 0;
}

/** Under a calculation: the rules file and the tables its figures came from, and any month the sandbox made up. */
export function sayWhereFrom(deps: Deps, rules: string, debt: Pick<Debt, 'index_sources' | 'made_up'>): void {
  const tables = debt.index_sources.length > 0 ? debt.index_sources.join('; ') : null;
  deps.info(
    {
      en: `rules ${rules}; tables: ${tables ?? 'none read'}`,
      pt: `regras ${rules}; tabelas: ${tables ?? 'nenhuma lida'}`,
    },
    true,
  );
  if (debt.made_up.length > 0)
    deps.warn({
      en: `rests on values the sandbox made up (${debt.made_up.join(', ')}): not an official figure`,
      pt: `apoia-se em valores inventados pelo sandbox (${debt.made_up.join(', ')}): não é um valor oficial`,
    });
}
