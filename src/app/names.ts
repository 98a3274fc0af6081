/** How a person names things the API lists: what a budget, a flag and a detail view match and print. */

/** For matching what a person typed: lower case, accents dropped ("Conservação" ~ "conservacao"). */
export const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A name as matched: accents, case and runs of spaces aside ("Bloco  A - 101" ~ "bloco a - 101"). */
export const matched = (text: string): string => folded(text).replace(/\s+/g, ' ').trim();

/** A unit as a person names it: its label, else its block and number. */
export const unitName = (u: { label?: unknown; block?: unknown; number?: unknown }): string =>
  String(u.label ?? `${u.block ?? ''} ${u.number ?? ''}`).trim();
