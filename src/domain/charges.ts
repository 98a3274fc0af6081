/**
 * The charges on a late quota (#69, `encargos.yaml`): the fine, the interest and the monetary correction the
 * convention sets, each clause citing its source. Compiled from the tree of texts app/yaml-tree.ts reads, each
 * refusal naming its line in both languages. The law's limits are checked where they apply: a fine above 2% for a
 * quota due from 11/01/2003 (CC art. 1.336 §1º) is refused at the quota, citing the article.
 */
import { type Decimal, parseDecimal } from './apportion.js';
import type { Text } from './text.js';

export const INDEXES = ['IPCA', 'IGPM', 'INPC', 'INCC', 'TJSP'] as const;
export type IndexCode = (typeof INDEXES)[number];

export interface ChargeRules {
  /** none where the convention sets no fine */
  readonly fine: { readonly percent: Decimal; readonly source: string; readonly line: number } | null;
  readonly interest:
    | {
        readonly kind: 'percent';
        readonly perMonth: Decimal;
        /** `dias/30`: each day 1/30 of the month's rate; `dias`: the actual days of each month */
        readonly count: 'dias/30' | 'dias';
        /** on the corrected value, or on the nominal */
        readonly base: 'corrigido' | 'nominal';
        readonly source: string;
        readonly line: number;
      }
    /** `taxa: legal`, or no clause: 1% a month before 30/08/2024, the taxa legal from then */
    | { readonly kind: 'legal'; readonly source: string; readonly line: number };
  /** none where the convention names no index: the law's default applies (IPCA from 30/08/2024) */
  readonly correction: {
    readonly index: IndexCode;
    readonly method: 'mes_cheio' | 'pro_rata';
    readonly deflation: 'aplica' | 'nunca_reduz';
    readonly source: string;
    readonly line: number;
  } | null;
  /** an agreement is broken when an installment is this many days late (#70); none: condo's default, 30 */
  readonly agreement: { readonly breakDays: number; readonly source: string; readonly line: number } | null;
}

export class ChargesError extends Error {
  constructor(
    readonly line: number,
    readonly text: Text,
  ) {
    super(text.en);
    this.name = 'ChargesError';
  }
}

/** The day the 2002 Code took effect: a quota due from it has its fine capped at 2% (art. 1.336 §1º). */
export const CODE_2002_FROM = '2003-01-11';

/** The source a silent convention's interest cites. */
export const SILENT_INTEREST = 'convenção silente: CC art. 1.336 §1º e art. 406';

type Tree = Record<string, unknown>;

/** The charges in `tree`; a missing or bad clause is a ChargesError at its line. */
export function compileCharges(tree: unknown, lineOf: (path: string) => number): ChargeRules {
  const refuse = (path: string, text: Text): never => {
    throw new ChargesError(lineOf(path), text);
  };
  const root = mapAt(tree, '', refuse);
  for (const key of Object.keys(root))
    if (!['multa', 'juros', 'correcao', 'acordo'].includes(key))
      refuse(key, {
        en: `unknown clause "${key}" (known: multa, juros, correcao, acordo)`,
        pt: `cláusula desconhecida "${key}" (conhecidas: multa, juros, correcao, acordo)`,
      });
  const source = (path: string, c: Tree) => {
    const s = c.fonte;
    if (typeof s !== 'string' || s.trim() === '')
      return refuse(path, {
        en: `${path}: give its source (fonte: the convention's clause or the assembly's minute)`,
        pt: `${path}: informe a fonte (fonte: a cláusula da convenção ou a ata da assembleia)`,
      });
    return s.trim();
  };
  const percent = (path: string, value: unknown, max: number): Decimal => {
    const d =
      typeof value === 'string' || typeof value === 'number' ? parseDecimal(String(value)) : undefined;
    if (!d || Number(d.units) / 10 ** d.scale > max)
      return refuse(path, {
        en: `${path}: "${String(value)}" is not a percentage from 0 to ${max}`,
        pt: `${path}: "${String(value)}" não é um percentual de 0 a ${max}`,
      });
    return d;
  };
  const oneOf = <T extends string>(path: string, value: unknown, options: readonly T[], fallback: T): T => {
    if (value === undefined) return fallback;
    if (typeof value === 'string' && (options as readonly string[]).includes(value)) return value as T;
    return refuse(path, {
      en: `${path}: "${String(value)}" is not one of ${options.join(', ')}`,
      pt: `${path}: "${String(value)}" não é um de ${options.join(', ')}`,
    });
  };

  // Lei 4.591/64 art. 12 §3º allowed up to 20% before the 2002 Code; the quota's date decides (fineFor)
  let fine: ChargeRules['fine'] = null;
  if (root.multa !== undefined) {
    const multa = mapAt(root.multa, 'multa', refuse);
    fine = {
      percent: percent('multa.percentual', multa.percentual, 20),
      source: source('multa', multa),
      line: lineOf('multa'),
    };
  }

  // no clause: the convention is silent, and the law of each day applies (domain/debt.ts)
  const juros = root.juros === undefined ? undefined : mapAt(root.juros, 'juros', refuse);
  const interest: ChargeRules['interest'] = !juros
    ? { kind: 'legal', source: SILENT_INTEREST, line: 0 }
    : juros.taxa === 'legal'
      ? { kind: 'legal', source: source('juros', juros), line: lineOf('juros') }
      : {
          kind: 'percent',
          perMonth: percent('juros.percentual_mes', juros.percentual_mes, 10),
          count: oneOf('juros.contagem', juros.contagem, ['dias/30', 'dias'], 'dias/30'),
          base: oneOf('juros.base', juros.base, ['corrigido', 'nominal'], 'corrigido'),
          source: source('juros', juros),
          line: lineOf('juros'),
        };

  let correction: ChargeRules['correction'] = null;
  if (root.correcao !== undefined) {
    const c = mapAt(root.correcao, 'correcao', refuse);
    correction = {
      index: oneOf('correcao.indice', c.indice ?? '', INDEXES, 'IPCA'),
      method: oneOf('correcao.metodo', c.metodo, ['mes_cheio', 'pro_rata'], 'mes_cheio'),
      deflation: oneOf('correcao.deflacao', c.deflacao, ['aplica', 'nunca_reduz'], 'nunca_reduz'),
      source: source('correcao', c),
      line: lineOf('correcao'),
    };
  }
  let agreement: ChargeRules['agreement'] = null;
  if (root.acordo !== undefined) {
    const a = mapAt(root.acordo, 'acordo', refuse);
    const days = String(a.quebra_dias ?? '');
    if (!/^\d{1,3}$/.test(days) || Number(days) < 1)
      refuse('acordo.quebra_dias', {
        en: `acordo.quebra_dias: "${days}" is not a number of days from 1 to 999`,
        pt: `acordo.quebra_dias: "${days}" não é um número de dias de 1 a 999`,
      });
    agreement = { breakDays: Number(days), source: source('acordo', a), line: lineOf('acordo') };
  }
  return { fine, interest, correction, agreement };
}

/**
 * The fine that applies to a quota due on `due`: the convention's, where the law allows it. Above 2% for a quota due
 * from 11/01/2003 is refused, citing the article (a lawyer's statement must not carry a charge a court strikes).
 */
export function fineFor(rules: ChargeRules, due: string): Decimal {
  if (!rules.fine) return { units: 0n, scale: 0 };
  const { percent } = rules.fine;
  const value = Number(percent.units) / 10 ** percent.scale;
  if (due >= CODE_2002_FROM && value > 2)
    throw new ChargesError(rules.fine.line, {
      en: `multa: ${String(value).replace('.', ',')}% is above the 2% the Civil Code allows for a quota due from 11/01/2003 (art. 1.336 §1º; this one is due ${due})`,
      pt: `multa: ${String(value).replace('.', ',')}% passa dos 2% que o Código Civil permite para uma cota vencida a partir de 11/01/2003 (art. 1.336 §1º; esta vence em ${due})`,
    });
  return percent;
}

function mapAt(value: unknown, path: string, refuse: (path: string, text: Text) => never): Tree {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Tree;
  return refuse(path, {
    en: `${path || 'the charges'}: expected keys and values`,
    pt: `${path || 'os encargos'}: esperava chaves e valores`,
  });
}
