/** `condo debt …`: a late quota updated, every line of the calculation (app/debt-calc.ts decides). */
import { calcDebt } from '../../app/debt-calc.js';
import type { DebtLine } from '../../domain/debt.js';
import { UsageError } from '../../domain/errors.js';
import type { Deps } from '../context.js';
import { dateFlag, reaisFlag } from '../flags.js';
import { type Column, printJson, printList } from '../output.js';

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
  const debt = await calcDebt({ cents, due, asOf, rulesPath: opts.rules });
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
  deps.info(
    {
      en: `rules ${debt.rules}; index ${debt.index_source ?? 'none'}`,
      pt: `regras ${debt.rules}; índice ${debt.index_source ?? 'nenhum'}`,
    },
    true,
  );
  return 0;
}
