import { describe, expect, test } from 'vitest';
import { buildBoleto } from '../../../src/domain/boleto/index.js';
import { type DdaBoleto, type DdaPayable, reviewDda } from '../../../src/domain/dda.js';

/** #33's checks, pure: the boletos a DDA lists beside the boleto payables entered, by the 44-digit barcode. */

const ELEVATOR = '12345678000195';
const CLEANING = '23456789000195';

const code = (amountCents: number, dueDate: string, n: number) =>
  buildBoleto({
    bankCode: '341',
    dueDate,
    amountCents,
    freeField: `109${String(n).padStart(8, '0')}00012345678000`,
  });

const boleto = (over: Partial<DdaBoleto> & { barcode: string }): DdaBoleto => ({
  beneficiary_document: ELEVATOR,
  beneficiary_name: 'ELEVADORES HORIZONTE',
  due_date: '2026-12-08',
  amount_cents: 212_000,
  rebate_cents: 0,
  document_number: 'NF 1',
  file: 'DDA.ret',
  line: 3,
  ...over,
});

let id = 0;
const payable = (over: Partial<DdaPayable>): DdaPayable => ({
  public_id: `P${++id}`,
  state: 'pending',
  document_number: null,
  amount: 212_000,
  discount_amount: null,
  due_date: '2026-12-08',
  supplier_id: 1,
  supplier_document: ELEVATOR,
  ...over,
});

const suppliers = new Map([
  [ELEVATOR, 1],
  [CLEANING, 2],
]);

describe('the DDA checks', () => {
  const elevator = code(212_000, '2026-12-08', 1);
  const cleaning = code(124_590, '2026-12-11', 2);

  test('entered, changed, not entered, unknown beneficiary: each boleto by its barcode (a linha digitável too)', () => {
    const stranger = code(43_210, '2026-12-20', 3);
    const review = reviewDda(
      [
        boleto({ barcode: elevator.barcode, due_date: '2026-12-13' }),
        boleto({ barcode: cleaning.barcode, beneficiary_document: CLEANING, amount_cents: 124_590 }),
        boleto({ barcode: stranger.barcode, beneficiary_document: '11444777000161', amount_cents: 43_210 }),
      ],
      [payable({ document_number: elevator.linhaDigitavel })],
      suppliers,
    );
    expect(review.boletos.map((f) => [f.status, f.supplier_id])).toEqual([
      ['changed', null],
      ['not_entered', 2],
      ['unknown_beneficiary', null],
    ]);
    expect(review.boletos[0]?.changes).toEqual([
      { field: 'due_date', payable: '2026-12-08', dda: '2026-12-13' },
    ]);
    expect(review.notInDda).toEqual([]);
  });

  test('an open boleto payable no file lists, or whose supplier is not the beneficiary, is a possible fake; arrecadação never', () => {
    const fake = code(89_000, '2026-12-09', 4);
    const other = payable({ document_number: elevator.barcode, supplier_document: CLEANING });
    const review = reviewDda(
      [boleto({ barcode: elevator.barcode })],
      [
        payable({ document_number: fake.barcode }),
        other,
        payable({ document_number: fake.barcode, state: 'paid' }),
        payable({ document_number: `8${'3'.repeat(43)}` }),
      ],
      suppliers,
    );
    expect(review.notInDda.map((f) => f.reason)).toEqual(['not_listed', 'beneficiary_differs']);
    expect(review.notInDda[1]).toMatchObject({ payable: other, beneficiary_document: ELEVATOR });
  });

  test('the same bill entered twice is named beside its boleto while one of them is still to be paid', () => {
    const first = payable({ document_number: elevator.barcode });
    const second = payable({ document_number: elevator.linhaDigitavel });
    const twice = reviewDda([boleto({ barcode: elevator.barcode })], [first, second], suppliers);
    expect(twice.boletos[0]).toMatchObject({ status: 'entered', payable: first, twins: [second] });

    // paid already, and entered again: as much a second payment
    const paid = payable({ document_number: elevator.barcode, state: 'paid' });
    const again = payable({ document_number: elevator.barcode });
    expect(
      reviewDda([boleto({ barcode: elevator.barcode })], [paid, again], suppliers).boletos[0]?.twins,
    ).toEqual([again]);

    // two paid: history, nothing to say
    const history = [paid, payable({ document_number: elevator.barcode, state: 'paid' })];
    expect(reviewDda([boleto({ barcode: elevator.barcode })], history, suppliers).boletos[0]?.twins).toEqual(
      [],
    );
  });

  test('the same boleto in two files is one; the last file says its amount and due date', () => {
    const review = reviewDda(
      [
        boleto({ barcode: elevator.barcode, file: 'DDA-1.ret' }),
        boleto({ barcode: elevator.barcode, file: 'DDA-2.ret', amount_cents: 230_000 }),
      ],
      [payable({ document_number: elevator.barcode })],
      suppliers,
    );
    expect(review.boletos).toHaveLength(1);
    expect(review.boletos[0]).toMatchObject({ status: 'changed', boleto: { file: 'DDA-2.ret' } });
  });
});
