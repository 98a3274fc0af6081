/**
 * The memória de cálculo (#69 point 4, `debt update --pdf`): what a lawyer files with a collection, in words a
 * court reads. CPC art. 798 I "b" asks for the demonstrativo do débito atualizado, and its sole paragraph lists what
 * it shows: the correction index, the interest rate, the start and end of each, the capitalisation if any, the
 * discounts. Each item is said from the charges file, whose clauses and hash are quoted; the tables the figures came
 * from are named, and a figure resting on a month the sandbox made up is said to.
 */
import { decimalText } from '../domain/apportion.js';
import type { ChargeRules } from '../domain/charges.js';
import { formatDateBr } from '../domain/dates.js';
import { monthRuns } from '../domain/index-series.js';
import type { DebtUpdate, QuotaUpdated } from './debt-update.js';

export interface MemoriaItem {
  /** "I", "II"…: the sole paragraph's item, or "" for what it does not list (the fine, the order) */
  readonly item: string;
  readonly label: string;
  readonly text: string;
}

export interface Memoria {
  readonly title: string;
  readonly condominium: string;
  readonly as_of: string;
  readonly items: readonly MemoriaItem[];
  readonly update: DebtUpdate;
  /** a warning the reader must not miss: values made up by the sandbox */
  readonly warnings: readonly string[];
}

const COUNT = {
  'dias/30': 'cada dia 1/30 da taxa do mês',
  dias: 'os dias corridos de cada mês sobre a duração dele',
};

/** The sole paragraph's items, said from `rules`, and what else a reader checks (the fine, the order of the steps). */
/** The words a calculation's steps are said by in a document (Portuguese, the memória's language). */
const STEP_WORDS = { correction: 'correção', interest: 'juros', fine: 'multa' } as const;

/** A quota's correction, interest and fine lines, each as a document says it ("juros: 1% ao mês, …"). */
export const quotaLines = (q: Pick<QuotaUpdated, 'lines'>): string[] =>
  q.lines.flatMap((l) =>
    l.step in STEP_WORDS ? [`${STEP_WORDS[l.step as keyof typeof STEP_WORDS]}: ${l.detail}`] : [],
  );

export function memoriaItems(rules: ChargeRules, asOf: string): MemoriaItem[] {
  const c = rules.correction;
  const j = rules.interest;
  const index = c
    ? `${c.index} (${c.source}), por meses inteiros, como a tabela prática do TJSP: divide-se pelo fator do mês do vencimento e multiplica-se pelo do mês do cálculo, arredondando só o resultado; deflação ${c.deflation === 'nunca_reduz' ? 'nunca reduz o valor' : 'aplicada'}`
    : 'a convenção não fixa índice: INPC até 08/2024 (o índice da tabela prática do TJSP) e IPCA desde 09/2024 (CC art. 389, parágrafo único, na redação da Lei 14.905/2024), por meses inteiros; deflação aplicada';
  const rate =
    j.kind === 'percent'
      ? `${decimalText(j.perMonth)}% ao mês (${j.source}), pro rata die (${COUNT[j.count]}), sobre o valor ${j.base}`
      : `1% ao mês até 29/08/2024 (CC art. 1.336 §1º, texto anterior); desde 30/08/2024 a taxa legal (CC art. 406; Res. CMN 5.171/2024: a Selic do mês anterior descontado o IPCA-15 do mês anterior, um mês negativo contando zero), pro rata die pelos dias de cada mês; ${j.source}`;
  const fine = rules.fine
    ? `${decimalText(rules.fine.percent)}% sobre o valor corrigido (${rules.fine.source}); para cota vencida desde 11/01/2003, no máximo 2% (CC art. 1.336 §1º)`
    : 'a convenção não prevê multa';
  return [
    { item: 'I', label: 'Índice de correção monetária', text: index },
    { item: 'II', label: 'Taxa de juros', text: rate },
    {
      item: 'III',
      label: 'Termos inicial e final',
      text: `do vencimento de cada cota (coluna VENCIMENTO) até ${formatDateBr(asOf)}, para a correção e para os juros`,
    },
    { item: 'IV', label: 'Capitalização dos juros', text: 'juros simples, sem capitalização' },
    { item: 'V', label: 'Descontos obrigatórios', text: 'nenhum desconto realizado' },
    { item: '', label: 'Multa', text: fine },
    {
      item: '',
      label: 'Ordem e arredondamento',
      text: 'primeiro a correção; os juros e a multa sobre o valor corrigido (ou o nominal, se o arquivo de encargos o diz); cada valor arredondado ao centavo, metade para cima, onde é calculado',
    },
  ];
}

export function memoriaOf(update: DebtUpdate, rules: ChargeRules, condominium: string): Memoria {
  return {
    title: 'Memória de cálculo do débito atualizado',
    condominium,
    as_of: update.as_of,
    items: memoriaItems(rules, update.as_of),
    update,
    warnings:
      update.made_up.length > 0
        ? [
            `Atenção: valores inventados pelo sandbox, não oficiais, sustentam parte destes números (${monthRuns(update.made_up).join(', ')}). Importe as tabelas oficiais (condo indexes import) antes de usar este documento.`,
          ]
        : [],
  };
}
