import { describe, expect, test } from 'vitest';
import { apiErrorText } from '../../../src/cli/api-errors.js';
import { english, loadTranslator } from '../../../src/cli/i18n.js';
import { remittanceRefusal } from '../../../src/domain/payables.js';

describe('a server refusal said by its code (#53 point 6)', () => {
  test('every reason the sandbox gives a not_remittable is either declared in Portuguese or carries its own detail', async () => {
    const pt = await loadTranslator('pt-BR');
    const said = (facts: Parameters<typeof remittanceRefusal>[0]) => {
      const refusal = remittanceRefusal(facts);
      if (!refusal) throw new Error('remittable');
      return apiErrorText(pt, {
        code: 'not_remittable',
        message: refusal.message,
        facts: { reason: refusal.reason, forma_pagamento: facts.forma_pagamento },
      });
    };
    expect(said({ forma_pagamento: 'cash' })).toBe(
      'pagamento em dinheiro é feito fora do arquivo do banco (só pix, ted, doc ou boleto)',
    );
    expect(said({ forma_pagamento: 'pix' })).toMatch(/^um pix precisa da chave PIX/);
    expect(said({ forma_pagamento: 'ted' })).toMatch(/precisa dos dados bancários do fornecedor$/);
    expect(said({ forma_pagamento: 'boleto', document_number: 'NF 1' })).toMatch(/código de barras/);
  });

  test('a code whose words are fixed is said whatever the facts', async () => {
    const pt = await loadTranslator('pt-BR');
    expect(
      apiErrorText(pt, {
        code: 'invalid_client',
        message: 'unknown client or wrong secret',
        facts: undefined,
      }),
    ).toBe('cliente desconhecido ou segredo errado');
  });

  test('English, an unknown reason, or a server that sends none: the message as it came', () => {
    const facts = { reason: 'settled_outside_the_file', forma_pagamento: 'cash' };
    expect(apiErrorText(english, { code: 'not_remittable', message: 'm', facts })).toBeUndefined();
    expect(
      apiErrorText(
        Object.assign((x: unknown) => String(x), { lang: 'pt-BR' as const }),
        {
          code: 'not_remittable',
          message: 'm',
          facts: { reason: 'a_new_one' },
        },
      ),
    ).toBeUndefined();
    expect(
      apiErrorText(
        Object.assign((x: unknown) => String(x), { lang: 'pt-BR' as const }),
        {
          code: 'not_remittable',
          message: 'm',
          facts: undefined,
        },
      ),
    ).toBeUndefined();
  });
});

describe("a batch's and an invoice's state refusals, by the values the sandbox sends beside its words (#66)", () => {
  test('in Portuguese, with the state in Portuguese; in English, the server’s own words', async () => {
    const pt = await loadTranslator('pt-BR');
    const refusal = (params: Record<string, string>) => ({
      code: 'invalid_state',
      message: 'the server’s English',
      facts: { params },
    });
    const batch = refusal({ resource: 'batch', action: 'cancel', id: '01BATCH', state: 'returned' });
    expect(apiErrorText(pt, batch)).toBe(
      'o lote 01BATCH já tem retorno importado (retornado): o banco já o tem, não pode ser cancelado',
    );
    expect(
      apiErrorText(pt, refusal({ resource: 'batch', action: 'cancel', id: '01B', state: 'canceled' })),
    ).toBe('o lote 01B já está cancelado');
    expect(apiErrorText(pt, refusal({ resource: 'invoice', action: 'issue', state: 'paid' }))).toBe(
      'a cobrança está paga; só um rascunho pode ser emitido',
    );
    expect(apiErrorText(english, batch)).toBeUndefined();
  });
});
