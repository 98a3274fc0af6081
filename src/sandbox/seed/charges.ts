/**
 * The test condominium's charges on a late quota (#69), as its convention sets them: `condo sandbox encargos` writes
 * them for `debt update`. The convention fixes the fine and is silent on interest and correction, as many written
 * before 2024 are: the law of each day applies (CC art. 1.336 §1º and art. 406; art. 389 sole paragraph), and the
 * seeded quotas of 2024 (seed/invoices.ts) fall on both sides of 30/08/2024, when Lei 14.905/2024 changed it.
 */
export const SANDBOX_CHARGES = `# Encargos das cotas em atraso do condomínio de teste do sandbox (condo debt update).
# A convenção fixa a multa; sobre juros e correção monetária ela é silente: vale a lei de cada dia.
# Juros: 1% ao mês até 29/08/2024 (CC art. 1.336 §1º, texto anterior), a taxa legal desde 30/08/2024
# (art. 406, Res. CMN 5.171/2024). Correção: sem índice na convenção, INPC até 08/2024 e IPCA depois
# (art. 389 parágrafo único). Para um índice da convenção, acrescente por exemplo:
#   correcao: { indice: IPCA, metodo: mes_cheio, deflacao: nunca_reduz, fonte: "Convenção, art. 19" }
multa: { percentual: 2, fonte: "Convenção, art. 18" }
juros: { taxa: legal, fonte: "Convenção silente: CC art. 1.336 §1º e art. 406" }
# Um acordo se rompe quando uma parcela passa destes dias em atraso (condo agreement check).
acordo: { quebra_dias: 30, fonte: "AGE de 12/03/2024, item 3" }
`;
