import { describe, expect, test } from 'vitest';
import { fateWords, pendingWords, plural } from '../../../src/app/month-words.js';

describe("the month's words (#52)", () => {
  const row = { public_id: 'P', payee: 'Jardins', due_date: '2026-10-30', amount_cents: 135_000 };

  test('a payment scheduled after the position: for its day; a past month read later: paid after the position', () => {
    const scheduled = { ...row, state: 'scheduled', date: '2026-11-03' };
    expect(pendingWords(scheduled, '2026-11-02').pt).toBe('agendado para 03/11');
    expect(pendingWords(scheduled, '2026-11-27')).toEqual({
      en: 'paid on 03/11, after the position',
      pt: 'pago em 03/11, depois da posição',
    });
    expect(pendingWords({ ...row, state: 'rejected', date: null }).pt).toBe('recusado, a reenviar');
  });

  test('a refusal says how it ended, in São Paulo’s day', () => {
    const at = '2026-11-05T13:00:00Z';
    expect(fateWords({ at, fate: { state: 'paid', on: '2026-11-12' } }).pt).toBe(
      'recusado em 05/11, pago em 12/11',
    );
    expect(fateWords({ at, fate: { state: 'rejected', on: null } }).en).toBe(
      'refused on 05/11, to correct and send again',
    );
    // 01:00 UTC on the 6th is still the 5th in São Paulo
    expect(fateWords({ at: '2026-11-06T01:00:00Z', fate: { state: 'deleted', on: null } }).pt).toBe(
      'recusado em 05/11, excluído',
    );
  });

  test('plurals', () => {
    expect(plural(1, 'unidade', 'unidades')).toBe('1 unidade');
    expect(plural(5, 'unidade', 'unidades')).toBe('5 unidades');
  });
});
