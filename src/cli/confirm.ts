import { UsageError } from '../domain/errors.js';
import type { Deps } from './context.js';

/**
 * Asks before a step that cannot be undone (delete, cancel). `--yes` answers for the person; without a terminal
 * to ask on, `--yes` is required: a usage error saying so, and nothing done. Declined: says so, returns false.
 */
export async function confirmed(
  deps: Deps,
  o: { yes: boolean | undefined; question: string; verb: string; past: string },
): Promise<boolean> {
  if (o.yes) return true;
  const ask = await deps.prompter();
  if (!ask)
    throw new UsageError(
      `--yes is required to ${o.verb} without a terminal to confirm on (nothing was ${o.past})`,
    );
  if (await ask.confirm(o.question, false)) return true;
  deps.info(`nothing ${o.past}`);
  return false;
}
