/** The index tables a run reads (#69): those imported into the config folder, then condo's; the server's under both. */
import { dirname } from 'node:path';
import { readCharges } from '../app/debt-calc.js';
import type { DebtUpdateAsked } from '../app/debt-update.js';
import { importedTables, tablesOver } from '../app/index-tables.js';
import type { IndexSeries, IndexTables } from '../domain/index-series.js';
import type { Deps } from './context.js';
import { chargesPlaceOf } from './profile-settings.js';

/** The folder imported tables are kept in: beside the config file. */
export const configDirOf = async (deps: Deps) => dirname((await deps.config()).path);

export async function localTables(
  deps: Deps,
  served?: ReadonlyMap<string, IndexSeries>,
): Promise<IndexTables> {
  return tablesOver(await importedTables(await configDirOf(deps)), served);
}

/**
 * What a calculation over the server's quotas reads (debt update, agreement propose): the charges file (--rules, else
 * the profile's or the firm's), its text, and the imported tables to lay over the server's.
 */
export async function chargesAtHand(
  deps: Deps,
  rulesFlag: string | undefined,
): Promise<Pick<DebtUpdateAsked, 'rules' | 'rulesPath' | 'rulesText' | 'local'>> {
  const rulesPath = await chargesPlaceOf(deps, rulesFlag);
  const { rules, text } = await readCharges(rulesPath, rulesFlag === undefined ? 'charges' : '--rules');
  const imported = await importedTables(await configDirOf(deps));
  return { rules, rulesPath, rulesText: text, local: (served) => tablesOver(imported, served) };
}
