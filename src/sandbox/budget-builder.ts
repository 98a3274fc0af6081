/**
 * The sandbox's budget (#67, `condo sandbox budget`): one component, the condominium fee, whose month total is
 * the units' seeded fees, split by fração ideal (seed/invoices.ts quotaFractions), so its plan bills each unit the
 * quota the six seeded months billed it: R$ 850,00, R$ 1.080,00 or R$ 1.240,00.
 */
import { formatReais } from '../domain/money.js';
import { TEST_CONDOMINIUM } from './seed/index.js';
import { FEE_DUE_DAY, monthlyFeeCents } from './seed/invoices.js';
import { paymentAccountOf } from './services/lookups.js';
import { SandboxStore } from './store.js';

export function budgetOf(store: SandboxStore, condominium = TEST_CONDOMINIUM): string {
  return store.read(condominium, (tx) => {
    const condo = tx.condominiums.get(condominium);
    if (!condo) throw new Error(`no condominium ${condominium} in the sandbox`);
    const account = paymentAccountOf(tx);
    if (!account) throw new Error(`${condominium} has no payment account`);
    const total = tx.units.find().reduce((sum, u) => sum + monthlyFeeCents(u), 0);
    return [
      // a Portuguese document, as its keys are: its comments are too, whatever the CLI's language
      `# Orçamento: ${condo.name}, como o sandbox o semeou`,
      '# (as taxas das unidades, rateadas pela fração ideal)',
      `condominio: ${condominium}`,
      `vencimento: ${FEE_DUE_DAY}            # fim de semana ou feriado nacional passa ao dia útil seguinte`,
      `conta_bancaria: ${account.id}         # onde os condôminos pagam`,
      'componentes:',
      '  - nome: Taxa condominial',
      `    valor: ${formatReais(total).replace('R$ ', '')}`,
      '    conta: 1.1.01',
      '    rateio: fracao',
      '',
    ].join('\n');
  });
}

/** The budget of the sandbox in `dataDir`, running or not. */
export function budgetForDemo(dataDir: string, opts: { condominium?: string } = {}): string {
  const store = SandboxStore.open(dataDir);
  try {
    return budgetOf(store, opts.condominium);
  } finally {
    store.close();
  }
}
