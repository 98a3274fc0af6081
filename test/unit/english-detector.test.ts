import { expect, test } from 'vitest';
import { englishLines } from '../english.js';

test('the English detector: words bounded by letters of any alphabet (ç, ã are letters, not boundaries)', () => {
  expect(englishLines('A emissão do mês: a cota de cada unidade pelo orçamento')).toEqual([]);
  expect(englishLines('Atenção: só à vista')).toEqual([]);
  expect(englishLines('cobrança emitida, the boleto')).toEqual(['the: cobrança emitida, the boleto']);
  expect(englishLines('ação or não')).toEqual(['or: ação or não']);
});
