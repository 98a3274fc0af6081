import { displayState } from '../domain/payables.js';
import type { Text } from '../domain/text.js';
import type { Style } from './io.js';
import type { Column } from './output.js';

/** How a payable's state reads on a person's screen: `rejected` shown as such, and coloured by what it asks of them. */
const STATE_STYLES: Readonly<Record<string, Style>> = {
  rejected: 'red',
  paid: 'green',
  scheduled: 'cyan',
};

export function payableStateColumn<T extends { state?: unknown; last_return?: unknown }>(
  header: Text = { en: 'STATE', pt: 'ESTADO' },
): Column<T> {
  return {
    header,
    words: true,
    value: (p) => displayState(p as { state?: string; last_return?: unknown }),
    style: (p) => STATE_STYLES[displayState(p as { state?: string; last_return?: unknown })],
  };
}
