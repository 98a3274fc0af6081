/**
 * What a run reads of its profile's settings (a profile's own value, else the firm's, #52): the administradora that
 * signs the documents, and where the condominium's budget is (#68). One reading for every verb that needs them.
 */
import { budgetPathFor } from '../app/budget-place.js';
import type { Deps } from './context.js';

/** The firm on a document's cover or a resident's page: its name, CNPJ, accountant's CRC and logo file. */
export async function administradoraOf(
  deps: Deps,
): Promise<{ name?: string; cnpj?: string; crc?: string; logo?: string }> {
  const [creds, config] = await Promise.all([deps.credentials(), deps.config()]);
  const setting = (
    key: 'administradora' | 'administradora_cnpj' | 'administradora_crc' | 'administradora_logo',
  ) => config.setting(creds.profileName, key);
  const found = {
    name: setting('administradora'),
    cnpj: setting('administradora_cnpj'),
    crc: setting('administradora_crc'),
    logo: setting('administradora_logo'),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}

/** The charges file a calculation reads: `given` (--rules), else the profile's or the firm's, else ./encargos.yaml. */
export async function chargesPlaceOf(deps: Deps, given?: string): Promise<string> {
  if (given !== undefined) return given;
  const config = await deps.config();
  const creds = await deps.credentials().catch(() => undefined);
  return config.setting(creds?.profileName, 'charges') ?? 'encargos.yaml';
}

/** Where the condominium's budget is: `given` (--budget), else the profile's, else the firm's folder's (budgetPathFor). */
export async function budgetPlaceOf(deps: Deps, given?: string): Promise<{ path: string; from: string }> {
  const [creds, config] = await Promise.all([deps.credentials(), deps.config()]);
  return budgetPathFor({
    given,
    profileBudget: creds.profileName ? config.profile(creds.profileName)?.budget : undefined,
    budgets: config.setting(creds.profileName, 'budgets'),
    condominium: creds.condominium,
  });
}
