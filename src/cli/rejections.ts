/** A refused payment's advice (app/rejections.ts) on a terminal, or as one line of a log. */
import { nextSteps, type Rejection, settled } from '../app/rejections.js';
import { formatReais } from '../domain/money.js';
import type { Text } from '../domain/text.js';
import type { Deps } from './context.js';
import { writeLine } from './io.js';
import { printList, wrapMessage } from './output.js';

/**
 * The rejected payables: on a terminal a table, then "next:" and the commands for each; for a script or a log one
 * warning line each on stderr, so stdout keeps the counts it always had. `bankCode`, the bank that answered where
 * it is known (a return's), reads each code as that bank means it.
 */
export async function printRejections(
  deps: Deps,
  rows: readonly Rejection[],
  bankCode?: string,
): Promise<void> {
  if (rows.length === 0) return;
  if (deps.format !== 'table') {
    for (const p of rows)
      deps.warn({
        en: `rejected ${p.public_id} (${p.payee_name ?? ''}, ${formatReais(p.amount ?? 0)}): ${p.last_return?.code ?? ''} ${p.last_return?.message ?? ''}; next: ${stepsInOneLine(deps, p, bankCode)}`,
        pt: `rejeitada ${p.public_id} (${p.payee_name ?? ''}, ${formatReais(p.amount ?? 0)}): ${p.last_return?.code ?? ''} ${p.last_return?.message ?? ''}; próximo passo: ${stepsInOneLine(deps, p, bankCode)}`,
      });
    return;
  }
  await printList(deps, rows, [
    { header: { en: 'REJECTED', pt: 'REJEITADA' }, value: (p) => p.public_id, style: () => 'red' },
    { header: { en: 'PAYEE', pt: 'FAVORECIDO' }, value: (p) => p.payee_name },
    { header: { en: 'AMOUNT', pt: 'VALOR' }, value: (p) => p.amount, kind: 'cents' },
    { header: { en: 'CODE', pt: 'CÓDIGO' }, value: (p) => p.last_return?.code },
    { header: { en: 'REASON', pt: 'MOTIVO' }, value: (p) => p.last_return?.message, wrap: true },
  ]);
  writeLine(
    deps.io.stdout,
    deps.t(
      rows.every((p) => settled(p, bankCode))
        ? SETTLED_HEADING
        : {
            en: 'next: correct what the bank names, then mark the payable again:',
            pt: 'próximo passo: corrija o que o banco apontou e marque a conta de novo:',
          },
    ),
  );
  for (const p of rows) printSteps(deps, nextSteps(p, bankCode));
}

/** The heading over the steps of a bill the bank says is already paid: it is not corrected, nor marked unseen. */
export const SETTLED_HEADING: Text = {
  en: 'next: check the statement before anything else:',
  pt: 'próximo passo: confira o extrato antes de qualquer outra coisa:',
};

/** The steps on a terminal, one a line, broken at spaces (a note after a command would be cut mid-word). */
export function printSteps(deps: Deps, steps: readonly Text[]): void {
  for (const step of steps)
    writeLine(deps.io.stdout, wrapMessage(deps.io, `  ${deps.command(deps.t(step))}`, deps.io.stdout));
}

/**
 * The steps as one line, for a log: one after the other, but a settled bill's last two are alternatives (delete it
 * when the statement shows it paid, or mark it again when it shows it was not), so they are joined by "or".
 */
function stepsInOneLine(deps: Deps, p: Rejection, bankCode?: string): string {
  const steps = nextSteps(p, bankCode).map((step) => deps.command(deps.t(step)));
  const then = deps.t({ en: '; then ', pt: '; depois ' });
  if (!settled(p, bankCode) || steps.length < 2) return steps.join(then);
  return `${steps.slice(0, -2).join(then)}${then}${steps.slice(-2).join(deps.t({ en: '; or ', pt: '; ou ' }))}`;
}
