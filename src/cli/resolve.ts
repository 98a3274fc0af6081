/**
 * A flag that names a thing as a person does (`--supplier Jardins`, `--chart-account 2.3.05`, a payable's id's
 * end): a number is taken as the id it is, anything else found by app/find.ts, its refusal placed at the flag.
 */

import { chartAccountNamed, idNamer, payableIdsOf, publicIdOf, supplierNamed } from '../app/find.js';
import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';
import { intFlag } from './flags.js';

export { folded, unitName } from '../app/names.js';

/** A flag's refusal: the flag first, then what the lookup said. */
const atFlag = (flag: string) => (t: Text) =>
  new UsageError({ en: `${flag}: ${t.en}`, pt: `${flag}: ${t.pt}` });

const isId = (text: string) => /^\s*\d+\s*$/.test(text);

/** `--supplier 3` or `--supplier Jardins`: an id, or a name that one supplier's name is, or contains. */
export async function resolveSupplierId(deps: Deps, flag: string, text: string): Promise<number> {
  return isId(text) ? intFlag(flag, text) : deps.app(supplierNamed, text, atFlag(flag));
}

/**
 * `--chart-account 31`, `--chart-account 2.3.05` (the code accountants know) or `--chart-account jardinagem` (a
 * part of the name that one account has).
 */
export async function resolveChartAccountId(deps: Deps, flag: string, text: string): Promise<number> {
  return isId(text) ? intFlag(flag, text) : deps.app(chartAccountNamed, text, atFlag(flag));
}

/**
 * A verb's flags with `--supplier NAME` and `--chart-account CODE|NAME` turned into ids, as every body flag takes
 * an id.
 */
export async function withNamedIds<
  F extends { supplier?: string | undefined; chartAccount?: string | undefined },
>(deps: Deps, flags: F): Promise<F> {
  const named = (v: string | undefined): v is string => v !== undefined && !isId(v);
  return {
    ...flags,
    ...(named(flags.supplier)
      ? { supplier: String(await resolveSupplierId(deps, '--supplier', flags.supplier)) }
      : {}),
    ...(named(flags.chartAccount)
      ? { chartAccount: String(await resolveChartAccountId(deps, '--chart-account', flags.chartAccount)) }
      : {}),
  };
}

/** A payable's id from an argument: the id, a unique start or end of it, or the seu número. */
export async function resolvePayableId(deps: Deps, name: string, text: string): Promise<string> {
  const [id] = await resolvePayableIds(deps, [{ name, text }]);
  return id as string;
}

/** Many at once (`payables mark`): full ids cost nothing; the others are found in one read of the list. */
export function resolvePayableIds(deps: Deps, wanted: readonly { name: string; text: string }[]) {
  return deps.app(payableIdsOf, wanted);
}

/** A batch's or a statement import's id from a unique start or end of it. */
export function resolvePublicId(deps: Deps, name: string, text: string, kind: 'batch' | 'statement') {
  return deps.app(publicIdOf, name, text, kind);
}

/** Names for ids in a detail view (app/find.ts's idNamer over this run's server). */
export const namer = (deps: Deps) => deps.app(idNamer);
