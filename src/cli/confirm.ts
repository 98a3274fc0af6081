import { UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';

/**
 * Asks before a step that cannot be undone (delete, cancel). `--yes` answers for the person; without a terminal
 * to ask on, `--yes` is required: a usage error saying so, and nothing done. Declined: says so, returns false.
 */
export async function confirmed(
  deps: Deps,
  o: { yes: boolean | undefined; question: Text; verb: Text; past: Text },
): Promise<boolean> {
  if (o.yes) return true;
  const ask = await deps.prompter();
  if (!ask)
    throw new UsageError({
      en: `--yes is required to ${o.verb.en} without a terminal to confirm on (nothing was ${o.past.en})`,
      pt: `--yes é obrigatório para ${o.verb.pt} sem um terminal onde confirmar (nada foi ${o.past.pt})`,
    });
  if (await ask.confirm(o.question, false)) return true;
  deps.info({ en: `nothing ${o.past.en}`, pt: `nada ${o.past.pt}` });
  return false;
}
