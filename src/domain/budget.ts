/**
 * A condominium's approved budget as the billing run reads it (#67, `orcamento.yaml`): the month's components
 * (a value, or a percentage of another, as the convention sets a reserve fund), how each is split among the units,
 * the groups and exemptions the assembly decided, and the extras billed over months. Compiled from the tree of texts
 * app/yaml-tree.ts reads, each refusal naming its line in both languages.
 */
import { type Decimal, parseDecimal } from './apportion.js';
import { parseReais } from './money.js';
import type { Text } from './text.js';

/** How a component is split among the units. */
export type SplitRule =
  | { readonly kind: 'fracao' }
  | { readonly kind: 'igual' }
  | { readonly kind: 'unidades'; readonly units: readonly string[] }
  | { readonly kind: 'grupo'; readonly group: string }
  | { readonly kind: 'leitura'; readonly file: string };

export interface BudgetComponent {
  readonly name: string;
  readonly line: number;
  /** the revenue's chart account, by its code (1.1.01) */
  readonly account: string;
  /**
   * a month's value, a percentage of another component's, or a price per unit of a reading (R$ the m³ of water
   * or gas, `preco`): each unit's part is its reading times the price, and the component's total their sum
   */
  readonly amount:
    | { readonly cents: number }
    | { readonly percent: Decimal; readonly of: string }
    | { readonly perReading: Decimal };
  readonly split: SplitRule;
}

export interface BudgetExtra {
  readonly name: string;
  readonly line: number;
  readonly account: string | undefined;
  readonly cents: number;
  readonly installments: number;
  /** the first installment's month, YYYY-MM */
  readonly first: string;
  readonly split: SplitRule;
}

export interface Budget {
  readonly condominium: string;
  /** the due day of the month; a weekend or national holiday moves it to the next business day */
  readonly dueDay: number;
  readonly bankAccount: number;
  readonly fractionsFile: string | undefined;
  /** fractions that do not add to 1 taken by their sum (`normalizar: sim`), else refused */
  readonly normalize: boolean;
  readonly components: readonly BudgetComponent[];
  readonly groups: ReadonlyMap<string, { readonly except: readonly string[]; readonly line: number }>;
  readonly exempt: readonly { readonly unit: string; readonly source: string; readonly line: number }[];
  readonly extras: readonly BudgetExtra[];
  /**
   * The expense forecast the quota comes from (#68, `despesas`): each line's chart account (an expense's code) and
   * monthly amount; `report month` sets what the ledger booked against it (orçado × realizado)
   */
  readonly expenses: readonly BudgetExpense[];
}

export interface BudgetExpense {
  readonly name: string;
  readonly line: number;
  readonly account: string;
  readonly cents: number;
}

export class BudgetError extends Error {
  constructor(
    readonly line: number,
    readonly text: Text,
  ) {
    super(text.en);
    this.name = 'BudgetError';
  }
}

type LineOf = (path: string) => number;
type Tree = Record<string, unknown>;

const KEYS = new Set([
  'condominio',
  'vencimento',
  'conta_bancaria',
  'fracoes',
  'normalizar',
  'componentes',
  'grupos',
  'isentos',
  'extras',
  'despesas',
]);

/** The budget in `tree`; a missing or bad value is a BudgetError at its line. */
/** The readers of a budget's values, each refusing at the value's line. */
function readersOf(lineOf: LineOf) {
  const refuse = (path: string, text: Text): never => {
    throw new BudgetError(lineOf(path), text);
  };
  const text = (path: string, value: unknown, what: Text): string => {
    if (typeof value !== 'string' || value.trim() === '')
      return refuse(path, { en: `${path}: give ${what.en}`, pt: `${path}: informe ${what.pt}` });
    return value.trim();
  };
  const whole = (path: string, value: unknown, min: number, max: number, what: Text): number => {
    const t = text(path, value, what);
    const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
    if (!(n >= min && n <= max))
      refuse(path, {
        en: `${path}: "${t}" is not ${what.en} (${min} to ${max})`,
        pt: `${path}: "${t}" não é ${what.pt} (de ${min} a ${max})`,
      });
    return n;
  };
  const reais = (path: string, value: unknown): number => {
    const t = text(path, value, { en: 'a value in reais', pt: 'um valor em reais' });
    const parsed = parseReais(t);
    if (!parsed.ok)
      return refuse(path, {
        en: `${path}: "${t}" is not a value in reais (${parsed.error.message})`,
        pt: `${path}: "${t}" não é um valor em reais (escreva 18.420,00; entre { } ponha entre aspas: "18.420,00")`,
      });
    return parsed.value;
  };
  const split = (path: string, value: unknown): SplitRule => {
    if (value === 'fracao' || value === 'igual') return { kind: value };
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const m = value as Tree;
      if (Array.isArray(m.unidades))
        return { kind: 'unidades', units: m.unidades.map((u, i) => text(`${path}.unidades.${i}`, u, UNIT)) };
      if (m.grupo !== undefined) return { kind: 'grupo', group: text(`${path}.grupo`, m.grupo, GROUP) };
      if (m.leitura !== undefined) return { kind: 'leitura', file: text(`${path}.leitura`, m.leitura, FILE) };
    }
    return refuse(path, {
      en: `${path}: split by fracao, igual, unidades: [..], grupo: NAME or leitura: FILE.csv`,
      pt: `${path}: rateio por fracao, igual, unidades: [..], grupo: NOME ou leitura: ARQUIVO.csv`,
    });
  };

  return { refuse, text, whole, reais, split, lineOf };
}
type Readers = ReturnType<typeof readersOf>;

/** The budget in `tree`; a missing or bad value is a BudgetError at its line. */
export function compileBudget(tree: unknown, lineOf: LineOf): Budget {
  const r = readersOf(lineOf);
  const { refuse, text, whole } = r;
  const root = asMap(tree, '', refuse);
  for (const key of Object.keys(root)) {
    if (/^desconto/.test(key))
      refuse(key, {
        en: `${key}: a discount for paying on time cannot be billed: the API's discount lowers the total whenever it is paid, and courts are split on it (TJSP Ap. 0000493-18.2010.8.26.0554 calls it a disguised fine; STJ AgRg no REsp 1.217.181/DF allows it)`,
        pt: `${key}: desconto por pontualidade não pode ser cobrado: o desconto da API baixa o total seja quando for pago, e os tribunais divergem (TJSP Ap. 0000493-18.2010.8.26.0554 o chama de multa disfarçada; STJ AgRg no REsp 1.217.181/DF o admite)`,
      });
    if (!KEYS.has(key))
      refuse(key, {
        en: `unknown key "${key}" (known: ${[...KEYS].join(', ')})`,
        pt: `chave desconhecida "${key}" (conhecidas: ${[...KEYS].join(', ')})`,
      });
  }
  const expenses = expensesOf(r, root);
  const { components, groups } = componentsOf(r, root, expenses);
  const { exempt, extras } = extrasOf(r, root);
  const normalize = root.normalizar === undefined ? false : /^(sim|true|yes)$/i.test(String(root.normalizar));
  return {
    condominium: text('condominio', root.condominio, {
      en: "the condominium's slug",
      pt: 'o slug do condomínio',
    }),
    dueDay: whole('vencimento', root.vencimento, 1, 31, { en: 'a day of the month', pt: 'um dia do mês' }),
    bankAccount: whole('conta_bancaria', root.conta_bancaria, 1, Number.MAX_SAFE_INTEGER, {
      en: 'a bank account id',
      pt: 'o id de uma conta bancária',
    }),
    fractionsFile: root.fracoes === undefined ? undefined : text('fracoes', root.fracoes, FILE),
    normalize,
    components,
    groups,
    exempt,
    extras,
    expenses,
  };
}

/** The expense forecast: a line each, its name, account and monthly value. */
function expensesOf(r: Readers, root: Tree): BudgetExpense[] {
  const { refuse, text, reais, lineOf } = r;
  return (root.despesas === undefined ? [] : list(root.despesas, 'despesas', refuse)).map((raw, i) => {
    const path = `despesas.${i}`;
    const x = asMap(raw, path, refuse, ['nome', 'conta', 'valor']);
    return {
      name: text(`${path}.nome`, x.nome, { en: 'the name', pt: 'o nome' }),
      line: lineOf(path),
      account: text(`${path}.conta`, x.conta, {
        en: "the expense's chart account (2.3.01)",
        pt: 'a conta contábil da despesa (2.3.01)',
      }),
      cents: reais(`${path}.valor`, x.valor),
    };
  });
}

/** The month's components and the groups they split among, checked against each other. */
function componentsOf(r: Readers, root: Tree, expenses: readonly BudgetExpense[]) {
  const { refuse, text, reais, split, lineOf } = r;
  const components = list(root.componentes, 'componentes', refuse).map((raw, i): BudgetComponent => {
    const path = `componentes.${i}`;
    const c = asMap(raw, path, refuse, ['nome', 'valor', 'percentual', 'sobre', 'preco', 'conta', 'rateio']);
    const name = text(`${path}.nome`, c.nome, { en: 'the name', pt: 'o nome' });
    const account = text(`${path}.conta`, c.conta, ACCOUNT);
    let amount: BudgetComponent['amount'];
    // `valor: despesas`: the month's expense forecast, whole (the quota the forecast comes to)
    if (c.valor === 'despesas') {
      if (expenses.length === 0)
        return refuse(`${path}.valor`, {
          en: `${path}.valor: despesas, but the budget lists no despesas`,
          pt: `${path}.valor: despesas, mas o orçamento não lista despesas`,
        });
      amount = { cents: expenses.reduce((a, e) => a + e.cents, 0) };
    } else if (c.valor !== undefined) {
      amount = { cents: reais(`${path}.valor`, c.valor) };
      if (amount.cents < 0)
        return refuse(`${path}.valor`, {
          en: `${path}.valor: a month's value is not negative (a credit to the units goes in extras)`,
          pt: `${path}.valor: o valor do mês não é negativo (um crédito às unidades vai em extras)`,
        });
    } else if (c.percentual !== undefined) {
      const t = text(`${path}.percentual`, c.percentual, PERCENT);
      const percent = parseDecimal(t);
      if (!percent)
        return refuse(`${path}.percentual`, {
          en: `"${t}" is not ${PERCENT.en}`,
          pt: `"${t}" não é ${PERCENT.pt}`,
        });
      amount = {
        percent,
        of: text(`${path}.sobre`, c.sobre, {
          en: 'the component it is a percentage of',
          pt: 'o componente de que é percentual',
        }),
      };
    } else if (c.preco !== undefined) {
      const t = text(`${path}.preco`, c.preco, PRICE);
      const price = /^\d+(,\d{1,6})?$/.test(t) ? parseDecimal(t) : undefined;
      if (!price)
        return refuse(`${path}.preco`, { en: `"${t}" is not ${PRICE.en}`, pt: `"${t}" não é ${PRICE.pt}` });
      amount = { perReading: price };
    } else
      return refuse(path, {
        en: `${path}: give valor (a month's value), percentual and sobre, or preco with rateio: { leitura: FILE.csv }`,
        pt: `${path}: informe valor (o valor do mês), percentual e sobre, ou preco com rateio: { leitura: ARQUIVO.csv }`,
      });
    const rule = split(`${path}.rateio`, c.rateio);
    if ('perReading' in amount && rule.kind !== 'leitura')
      refuse(`${path}.preco`, {
        en: 'preco is a price per unit read: give rateio: { leitura: FILE.csv }',
        pt: 'preco é o preço por unidade lida: informe rateio: { leitura: ARQUIVO.csv }',
      });
    return { name, line: lineOf(path), account, amount, split: rule };
  });
  if (components.length === 0)
    refuse('componentes', {
      en: 'componentes: give at least one component',
      pt: 'componentes: informe ao menos um componente',
    });
  const names = new Set<string>();
  for (const [i, c] of components.entries()) {
    if (names.has(c.name))
      refuse(`componentes.${i}.nome`, {
        en: `"${c.name}" is named twice`,
        pt: `"${c.name}" aparece duas vezes`,
      });
    names.add(c.name);
  }
  for (const [i, c] of components.entries())
    if (
      'of' in c.amount &&
      !components.some((o) => o.name === (c.amount as { of: string }).of && 'cents' in o.amount)
    )
      refuse(`componentes.${i}.sobre`, {
        en: `sobre: no component with a valor is named "${c.amount.of}"`,
        pt: `sobre: nenhum componente com valor se chama "${c.amount.of}"`,
      });

  const groups = new Map<string, { except: string[]; line: number }>();
  for (const [name, raw] of Object.entries(
    root.grupos === undefined ? {} : asMap(root.grupos, 'grupos', refuse),
  )) {
    const g = asMap(raw, `grupos.${name}`, refuse, ['exceto']);
    groups.set(name, {
      except: list(g.exceto, `grupos.${name}.exceto`, refuse).map((u, i) =>
        text(`grupos.${name}.exceto.${i}`, u, UNIT),
      ),
      line: lineOf(`grupos.${name}`),
    });
  }
  for (const [i, c] of components.entries())
    if (c.split.kind === 'grupo' && !groups.has(c.split.group))
      refuse(`componentes.${i}.rateio`, {
        en: `no group is named "${c.split.group}"`,
        pt: `nenhum grupo se chama "${c.split.group}"`,
      });

  return { components, groups };
}

/** The exempt units and the extras billed over months. */
function extrasOf(r: Readers, root: Tree) {
  const { refuse, text, whole, reais, split, lineOf } = r;
  const exempt = (root.isentos === undefined ? [] : list(root.isentos, 'isentos', refuse)).map((raw, i) => {
    const e = asMap(raw, `isentos.${i}`, refuse, ['unidade', 'fonte', 'rateio']);
    if (e.rateio !== undefined && e.rateio !== 'fracao')
      refuse(`isentos.${i}.rateio`, {
        en: "an exempt unit's share goes to the others as each component splits (rateio: fracao)",
        pt: 'a parte de uma unidade isenta vai às outras como cada componente rateia (rateio: fracao)',
      });
    return {
      unit: text(`isentos.${i}.unidade`, e.unidade, UNIT),
      source: text(`isentos.${i}.fonte`, e.fonte, {
        en: 'the decision (AGO 15/03/2026, item 4)',
        pt: 'a decisão (AGO 15/03/2026, item 4)',
      }),
      line: lineOf(`isentos.${i}`),
    };
  });

  const extras = (root.extras === undefined ? [] : list(root.extras, 'extras', refuse)).map(
    (raw, i): BudgetExtra => {
      const path = `extras.${i}`;
      const x = asMap(raw, path, refuse, ['nome', 'valor', 'parcelas', 'primeira', 'conta', 'rateio']);
      const first = text(`${path}.primeira`, x.primeira, {
        en: 'the first month (MM/AAAA)',
        pt: 'o primeiro mês (MM/AAAA)',
      });
      const m = /^(\d{1,2})\/(\d{4})$/.exec(first);
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 12)
        refuse(`${path}.primeira`, {
          en: `"${first}" is not a month (MM/AAAA)`,
          pt: `"${first}" não é um mês (MM/AAAA)`,
        });
      return {
        name: text(`${path}.nome`, x.nome, { en: 'the name', pt: 'o nome' }),
        line: lineOf(path),
        account: x.conta === undefined ? undefined : text(`${path}.conta`, x.conta, ACCOUNT),
        cents: reais(`${path}.valor`, x.valor),
        installments:
          x.parcelas === undefined
            ? 1
            : whole(`${path}.parcelas`, x.parcelas, 1, 360, {
                en: 'a number of installments',
                pt: 'um número de parcelas',
              }),
        first: `${m?.[2]}-${String(m?.[1]).padStart(2, '0')}`,
        split: split(`${path}.rateio`, x.rateio ?? 'fracao'),
      };
    },
  );

  return { exempt, extras };
}

const UNIT: Text = {
  en: 'a unit (its label, as units list shows it, or its id)',
  pt: 'uma unidade (o nome, como units list mostra, ou o id)',
};
const GROUP: Text = { en: "the group's name", pt: 'o nome do grupo' };
const FILE: Text = { en: 'a file', pt: 'um arquivo' };
const ACCOUNT: Text = {
  en: "the revenue's chart account (1.1.01)",
  pt: 'a conta contábil da receita (1.1.01)',
};
const PRICE: Text = {
  en: 'a price in reais per unit read (9,87 or 9,8765)',
  pt: 'um preço em reais por unidade lida (9,87 ou 9,8765)',
};
const PERCENT: Text = { en: 'a percentage (5 or 2,5)', pt: 'um percentual (5 ou 2,5)' };

function asMap(
  value: unknown,
  path: string,
  refuse: (path: string, text: Text) => never,
  known?: readonly string[],
): Tree {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    // a key misspelt inside an entry (parcela for parcelas) would be dropped without a word: refused at its line
    for (const key of known ? Object.keys(value) : [])
      if (!known?.includes(key))
        refuse(`${path}.${key}`, {
          en: `${path}: unknown key "${key}" (known: ${known?.join(', ')})`,
          pt: `${path}: chave desconhecida "${key}" (conhecidas: ${known?.join(', ')})`,
        });
    return value as Tree;
  }
  return refuse(path, {
    en: `${path || 'the budget'}: expected keys and values`,
    pt: `${path || 'o orçamento'}: esperava chaves e valores`,
  });
}

function list(value: unknown, path: string, refuse: (path: string, text: Text) => never): unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  return refuse(path, { en: `${path}: expected a list`, pt: `${path}: esperava uma lista` });
}
