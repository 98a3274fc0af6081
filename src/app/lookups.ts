/**
 * Finding a thing the way a person names it, in a list the API already served: a supplier by (part of) its name,
 * a chart account by its code or name, a unit by its label or id. A flag and a budget file use the same rules;
 * each caller says where the name was written (a flag, a file's line) through `refuse`.
 */
import type { Text } from '../domain/text.js';
import { matched, unitName } from './names.js';

/** Turns what went wrong into the caller's error, placed where the name was written. */
export type Refuse = (text: Text) => Error;

const listed = <T>(matches: readonly T[], label: (t: T) => string) =>
  `${matches.slice(0, 5).map(label).join(', ')}${matches.length > 5 ? ', …' : ''}`;

/** The one supplier whose name is, or else contains, `text`. */
export function findSupplier<S extends { id: number; name?: string | undefined }>(
  suppliers: readonly S[],
  text: string,
  refuse: Refuse,
): S {
  const wanted = matched(text);
  if (!wanted) throw refuse({ en: 'give a supplier id or name', pt: 'dê o id ou o nome de um fornecedor' });
  const named = (s: S) => matched(s.name ?? '');
  const exact = suppliers.filter((s) => named(s) === wanted);
  const matches = exact.length > 0 ? exact : suppliers.filter((s) => named(s).includes(wanted));
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  if (matches.length === 0)
    throw refuse({
      en: `no supplier's name contains "${text}" (see condo suppliers list; --search "${text}" looks in payees, descriptions and documents)`,
      pt: `nenhum fornecedor tem no nome "${text}" (veja condo suppliers list; --search "${text}" procura em favorecidos, descrições e documentos)`,
    });
  const some = listed(matches, (s) => `${s.name} (${s.id})`);
  throw refuse({
    en: `"${text}" matches ${matches.length} suppliers: ${some}; give more of the name, or the id`,
    pt: `"${text}" corresponde a ${matches.length} fornecedores: ${some}; dê mais do nome, ou o id`,
  });
}

/** The one chart account of the code `text` (2.3.05), else whose name is, or else contains, it. */
export function findChartAccount<A extends { id: number; code?: unknown; name?: unknown }>(
  chart: readonly A[],
  text: string,
  refuse: Refuse,
): A {
  const wanted = matched(text);
  if (!wanted)
    throw refuse({
      en: 'give a chart account id, code (2.3.05) or name',
      pt: 'dê o id, o código (2.3.05) ou o nome de uma conta contábil',
    });
  const byCode = chart.filter((a) => String(a.code ?? '') === text.trim());
  const named = (a: A) => matched(String(a.name ?? ''));
  const exact = chart.filter((a) => named(a) === wanted);
  const matches =
    byCode.length > 0 ? byCode : exact.length > 0 ? exact : chart.filter((a) => named(a).includes(wanted));
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  if (matches.length === 0)
    throw refuse({
      en: `no chart account has the code or a name containing "${text}" (see condo ledger chart)`,
      pt: `nenhuma conta contábil tem o código ou um nome com "${text}" (veja condo ledger chart)`,
    });
  const some = listed(matches, (a) => `${a.code ?? ''} ${a.name ?? ''} (${a.id})`.trim());
  throw refuse({
    en: `"${text}" matches ${matches.length} chart accounts: ${some}; give the code or the id`,
    pt: `"${text}" corresponde a ${matches.length} contas contábeis: ${some}; dê o código ou o id`,
  });
}

/** Finds a unit by its label (`Bloco A - 101`, accents, case and spaces aside) or its id. */
export type UnitFinder = (name: string, refuse: Refuse) => number;

/** A finder over `units`, read once: a budget names hundreds of units. */
export function unitFinder(
  units: readonly { id: number; label?: unknown; block?: unknown; number?: unknown }[],
): UnitFinder {
  const byName = new Map<string, number>();
  for (const u of units) {
    byName.set(matched(unitName(u)), u.id);
    byName.set(String(u.id), u.id);
  }
  return (name, refuse) => {
    const id = byName.get(matched(name));
    if (id === undefined)
      throw refuse({
        en: `no unit is named "${name}" (see condo units list)`,
        pt: `nenhuma unidade se chama "${name}" (veja condo units list)`,
      });
    return id;
  };
}
