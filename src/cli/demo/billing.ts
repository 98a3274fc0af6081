import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chapter, type Story } from './story.js';

/**
 * The month's billing (#67): the sandbox's budget with a reserve fund and an obra in installments added, next
 * month's plan split to the cent, applied and issued, applied again (nothing billed twice), and read back.
 */
export async function billingChapter(story: Story): Promise<void> {
  const { deps, s, root } = story;
  chapter(deps, {
    en: "The month's billing: every unit's quota from the budget, split to the cent, issued once",
    pt: 'A emissão do mês: a cota de cada unidade pelo orçamento, rateada ao centavo, emitida uma vez',
  });
  const budget = join(root, 'orcamento.yaml');
  await s.quiet(['sandbox', 'budget', '--data-dir', join(root, 'sandbox'), '-O', budget]);
  // what an assembly adds to the seeded fee: the convention's reserve fund, an obra billed over a year
  const [year, month] = deps.today().split('-').map(Number) as [number, number];
  const next = month === 12 ? `01/${year + 1}` : `${String(month + 1).padStart(2, '0')}/${year}`;
  await writeFile(
    budget,
    `${await readFile(budget, 'utf8')}  - nome: Fundo de reserva
    percentual: 5
    sobre: Taxa condominial
    conta: 1.1.02
    rateio: fracao
extras:
  - nome: Obra da fachada
    valor: 36.000,00
    parcelas: 12
    primeira: ${next}
    rateio: fracao
`,
  );
  const plans = join(root, 'planos');
  const plan = await s.json<{ plan_file: string }>([
    ...['billing', 'plan', '--month', next, '--budget', budget, '-O', plans],
  ]);
  await s.show(
    {
      en: 'The plan from the budget: each component split at its own total, the cents of the rounding said',
      pt: 'O plano pelo orçamento: cada componente rateado no próprio total, os centavos do arredondamento ditos',
    },
    ['billing', 'plan', '--month', next, '--budget', budget, '-O', plans],
  );
  await s.show(
    {
      en: "Apply it: each unit's invoice created, its composition as items, and issued (boleto and PIX)",
      pt: 'Aplicar: a cobrança de cada unidade criada, a composição como itens, e emitida (boleto e PIX)',
    },
    ['billing', 'apply', plan.plan_file, '--issue'],
  );
  await s.show(
    {
      en: 'The same again, as after a crash: every unit found billed by this plan, nothing created twice',
      pt: 'O mesmo de novo, como depois de uma queda: cada unidade já cobrada por este plano, nada criado duas vezes',
    },
    ['billing', 'apply', plan.plan_file, '--issue'],
  );
  await s.show(
    {
      en: 'Read the month back: one invoice a unit, of its planned total, issued',
      pt: 'Conferir o mês: uma cobrança por unidade, no total planejado, emitida',
    },
    ['billing', 'verify', '--month', next, '--plans', plans],
  );
}
