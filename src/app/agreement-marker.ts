/**
 * An agreement's installment as its invoice's notes say it (#70): the marker first, the quotas it settles on a line of
 * their own. Read by the agreements and by `debt update`, which leaves an agreement's installments to it.
 */

/** The marker first in each installment's notes: the agreement and the installment. */
export const agreementMarker = (id: string, n: number, count: number) => `[condo-acordo ${id} ${n}/${count}]`;
const MARKER = /^\[condo-acordo (AC-[0-9a-f]{8}) (\d+)\/(\d+)\]/;

/** The agreement and installment an invoice's notes name, if it is an agreement's installment. */
export function installmentOf(notes: unknown): { id: string; number: number; count: number } | undefined {
  const m = typeof notes === 'string' ? MARKER.exec(notes) : null;
  return m ? { id: m[1] as string, number: Number(m[2]), count: Number(m[3]) } : undefined;
}

/** The quotas an installment's notes say it settles (the line `cotas: id, id`). */
export const settledBy = (notes: unknown): string[] =>
  typeof notes === 'string' ? (/^cotas: (.*)$/m.exec(notes)?.[1]?.split(', ').filter(Boolean) ?? []) : [];
