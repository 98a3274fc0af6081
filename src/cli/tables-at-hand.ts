/** The index tables a run reads (#69): those imported into the config folder, then condo's; the server's under both. */
import { dirname } from 'node:path';
import { importedTables, tablesOver } from '../app/index-tables.js';
import type { IndexSeries, IndexTables } from '../domain/index-series.js';
import type { Deps } from './context.js';

/** The folder imported tables are kept in: beside the config file. */
export const configDirOf = async (deps: Deps) => dirname((await deps.config()).path);

export async function localTables(
  deps: Deps,
  served?: ReadonlyMap<string, IndexSeries>,
): Promise<IndexTables> {
  return tablesOver(await importedTables(await configDirOf(deps)), served);
}
