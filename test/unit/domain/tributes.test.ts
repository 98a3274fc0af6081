import { describe, expect, test } from 'vitest';
import { buildArrecadacao } from '../../../src/domain/boleto/index.js';
import { describeTribute, tributeProblems } from '../../../src/domain/tributes.js';

// A payable's tax guide (src/domain/tributes.ts): the rules the CLI checks before sending and the sandbox at
// create, update and mark.
const darf = { kind: 'darf', revenue_code: '1708', period: '2026-10-31' } as const;
const fgtsCode = buildArrecadacao({
  segment: '5',
  amountCents: 100,
  companyId: '0179',
  freeField: '1'.padStart(25, '0'),
});

describe('tributeProblems', () => {
  test('a right DARF, GPS or FGTS guide has none; a payable without a guide has none', () => {
    expect(tributeProblems({ forma_pagamento: 'boleto', amount: 100, tribute: darf })).toEqual({});
    expect(
      tributeProblems({
        forma_pagamento: 'boleto',
        amount: 100,
        tribute: { kind: 'gps', revenue_code: '2100', period: '2026-10', other_entities_amount: 10 },
      }),
    ).toEqual({});
    expect(
      tributeProblems({
        forma_pagamento: 'boleto',
        document_number: fgtsCode.linhaDigitavel,
        tribute: { kind: 'fgts', revenue_code: '0115' },
      }),
    ).toEqual({});
    expect(tributeProblems({ forma_pagamento: 'ted' })).toEqual({});
  });

  test('each wrong field is named', () => {
    expect(
      tributeProblems({
        forma_pagamento: 'pix',
        amount: 100,
        discount_amount: 5,
        document_number: fgtsCode.linhaDigitavel,
        tribute: {
          kind: 'gps',
          revenue_code: '21',
          period: '2026-10-31',
          contributor_document: '11222333000182',
          other_entities_amount: 100,
          reference: '1',
          fgts_identifier: '2',
        },
      }),
    ).toEqual({
      forma_pagamento: ['must be boleto for a tax guide (tribute)'],
      'tribute.revenue_code': ['must be 4 digits'],
      'tribute.contributor_document': ['"11222333000182" is not a valid CPF or CNPJ'],
      'tribute.period': ['a GPS needs its competência, YYYY-MM'],
      'tribute.other_entities_amount': ['must be less than amount (the INSS part is the rest)'],
      'tribute.reference': ['only a DARF has a número de referência'],
      'tribute.fgts_identifier': ['only an FGTS guide has one'],
      discount_amount: ['a tax guide has no discount'],
      document_number: [
        'must be empty for a GPS paid by its data; a guide with a barcode is paid by it, without tribute',
      ],
    });
    expect(
      tributeProblems({
        forma_pagamento: 'boleto',
        document_number: '8',
        tribute: { kind: 'fgts', revenue_code: '0115' },
      }),
    ).toEqual({
      document_number: ["an FGTS guide's barcode or linha (48 digits, starting with 8) is required"],
    });
  });
});

test('describeTribute: kind and code, the contributor, the period as people read it', () => {
  expect(describeTribute({ ...darf, contributor_document: '11222333000181' })).toBe(
    'DARF 1708 · CNPJ 11.222.333/0001-81 · 31/10/2026',
  );
  expect(describeTribute({ kind: 'gps', revenue_code: '2100', period: '2026-10' })).toBe(
    'GPS 2100 · 10/2026',
  );
  expect(describeTribute({ kind: null, code: '22', revenue_code: null })).toBe('tributo 22');
});
