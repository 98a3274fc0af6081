import { describe, expect, test } from 'vitest';
import {
  cnpjWithCheckDigits,
  isValidCnpj,
  isValidCnpjDigitsAt,
  isValidCpf,
} from '../../../../src/domain/documents.js';
import { pixKeyType } from '../../../../src/domain/pix-keys.js';
import {
  buildPixPayload,
  crc16ccitt,
  foldAscii,
  generateTxid,
  parsePixPayload,
  parseTlv,
} from '../../../../src/formats/pix/index.js';
import { refCrc16 } from '../../domain/boleto/independent.js';

/** The static BR Code example of Banco Central's "Manual de Padrões para Iniciação do Pix". */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** Replaces the CRC with one computed by the independent implementation. */
function withRefCrc(payloadWithoutCrc: string): string {
  return payloadWithoutCrc + refCrc16(payloadWithoutCrc);
}

describe('CRC16-CCITT-FALSE', () => {
  test('standard check value and the manual example', () => {
    expect(refCrc16('123456789')).toBe('29B1'); // catalogued check value of CRC-16/CCITT-FALSE
    expect(crc16ccitt('123456789')).toBe('29B1');
    expect(refCrc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(crc16ccitt(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  test('agrees with a table-driven implementation on many strings', () => {
    let s = '';
    for (let i = 0; i < 300; i++) {
      s += String.fromCharCode(32 + ((i * 37) % 95));
      expect(crc16ccitt(s)).toBe(refCrc16(s));
    }
    expect(crc16ccitt('')).toBe('FFFF');
  });
});

describe('the Banco Central example', () => {
  test('parses, with its CRC verified', () => {
    expect(parsePixPayload(BCB_EXAMPLE)).toMatchObject({
      ok: true,
      key: '123e4567-e12b-12d1-a456-426655440000',
      url: null,
      amountCents: null,
      txid: '***',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      merchantAccountId: '26',
      crc: '1D3D',
      fields: { '00': '01', '52': '0000', '53': '986', '58': 'BR', '62': '0503***' },
      merchantAccount: { '00': 'br.gov.bcb.pix', '01': '123e4567-e12b-12d1-a456-426655440000' },
    });
  });

  test('is rebuilt byte for byte from its data', () => {
    const built = buildPixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(built).toBe(BCB_EXAMPLE);
  });
});

describe('build and parse', () => {
  const input = {
    key: 'sindico@condominio.com.br',
    merchantName: 'Condomínio Edifício São João',
    merchantCity: 'São José dos Campos',
    amountCents: 123_456,
    txid: 'COND202503APTO101',
    description: 'Taxa condominial março',
  };

  test('round trip, with the CRC checked independently', () => {
    const payload = buildPixPayload(input);
    expect(payload.slice(-4)).toBe(refCrc16(payload.slice(0, -4)));
    expect(payload).toContain('54071234.56');
    expect(payload).toContain('5925Condominio Edificio Sao J');
    expect(payload).toContain('6015Sao Jose dos Ca');
    expect(payload).toContain('62210517COND202503APTO101');
    expect(parsePixPayload(payload)).toMatchObject({
      ok: true,
      key: input.key,
      amountCents: 123_456,
      txid: input.txid,
      description: 'Taxa condominial marco',
      merchantName: 'Condominio Edificio Sao J',
      merchantCity: 'Sao Jose dos Ca',
    });
  });

  test('amounts keep their cents', () => {
    for (const [cents, text] of [
      [1, '0.01'],
      [10, '0.10'],
      [100, '1.00'],
      [99_999_999, '999999.99'],
    ] as const) {
      const p = buildPixPayload({ ...input, amountCents: cents });
      expect(p).toContain(`54${String(text.length).padStart(2, '0')}${text}`);
      expect(parsePixPayload(p)).toMatchObject({ ok: true, amountCents: cents });
    }
  });

  test('amounts written by other generators are read exactly', () => {
    const base = BCB_EXAMPLE.slice(0, -8).replace('5802BR', '54041.505802BR');
    expect(parsePixPayload(withRefCrc(`${base}6304`))).toMatchObject({ ok: true, amountCents: 150 });
    const whole = BCB_EXAMPLE.slice(0, -8).replace('5802BR', '5402105802BR');
    expect(parsePixPayload(withRefCrc(`${whole}6304`))).toMatchObject({ ok: true, amountCents: 1000 });
  });

  test('a lowercase CRC from another generator is accepted', () => {
    const lower = `${BCB_EXAMPLE.slice(0, -4)}1d3d`;
    expect(parsePixPayload(lower)).toMatchObject({ ok: true, crc: '1D3D' });
  });

  test('invalid input is refused', () => {
    expect(() => buildPixPayload({ ...input, txid: 'has space' })).toThrow(/txid/);
    expect(() => buildPixPayload({ ...input, txid: 'A'.repeat(26) })).toThrow(/txid/);
    expect(() => buildPixPayload({ ...input, amountCents: 0 })).toThrow(/amountCents/);
    expect(() => buildPixPayload({ ...input, amountCents: 1.5 })).toThrow(/amountCents/);
    expect(() => buildPixPayload({ ...input, key: '' })).toThrow(/key/);
    expect(() => buildPixPayload({ ...input, merchantName: '☃' })).toThrow(/merchantName/);
    expect(() => buildPixPayload({ ...input, description: 'x'.repeat(80) })).toThrow(/template 26/);
  });
});

describe('tampered and malformed payloads', () => {
  test('a changed character fails the CRC', () => {
    const tampered = BCB_EXAMPLE.replace('Fulano de Tal', 'Fulano de Tel');
    expect(parsePixPayload(tampered)).toEqual({
      ok: false,
      error: `CRC is 1D3D, expected ${refCrc16(tampered.slice(0, -4))}`,
    });
  });

  test('a changed CRC is rejected', () => {
    expect(parsePixPayload(`${BCB_EXAMPLE.slice(0, -4)}1D3E`)).toEqual({
      ok: false,
      error: 'CRC is 1D3E, expected 1D3D',
    });
  });

  test('structure errors name the field', () => {
    expect(parsePixPayload(BCB_EXAMPLE.slice(0, -2))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/field 63/),
    });
    expect(parsePixPayload('0002')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/past the end/),
    });
    const noGui = withRefCrc(BCB_EXAMPLE.slice(0, -4).replace('br.gov.bcb.pix', 'br.gov.bcb.xyz'));
    expect(parsePixPayload(noGui)).toEqual({
      ok: false,
      error: 'no merchant account field (26-51) with GUI br.gov.bcb.pix',
    });
    const noCity = withRefCrc(BCB_EXAMPLE.slice(0, -4).replace('6008BRASILIA', ''));
    expect(parsePixPayload(noCity)).toEqual({ ok: false, error: 'missing field 60 (merchant city)' });
    const dollars = withRefCrc(BCB_EXAMPLE.slice(0, -4).replace('5303986', '5303840'));
    expect(parsePixPayload(dollars)).toEqual({ ok: false, error: "currency is '840', expected '986' (BRL)" });
    const badAmount = withRefCrc(BCB_EXAMPLE.slice(0, -4).replace('5802BR', '54041,505802BR'));
    expect(parsePixPayload(badAmount)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^amount '1,50'/),
    });
    expect(parseTlv('0002AB0102')).toBe('field 01 at position 6 declares length 2, past the end');
  });
});

describe('txid', () => {
  test('25 alphanumerics by default', () => {
    for (let i = 0; i < 50; i++) expect(generateTxid()).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(generateTxid(10)).toHaveLength(10);
    expect(() => generateTxid(26)).toThrow(RangeError);
  });

  test('draws from injected bytes, skipping those >= 248 to stay uniform', () => {
    const bytes = (n: number) =>
      Uint8Array.from({ length: n }, (_, i) => [0, 255, 25, 26, 61, 62, 248][i % 7]!);
    expect(generateTxid(6, bytes)).toBe('AZa9AA'); // 0 A, 255 skipped, 25 Z, 26 a, 61 9, 62 A, 248 skipped, 0 A
  });
});

describe('keys, CPF and CNPJ', () => {
  test('CPF check digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  test('CNPJ check digits, numeric and alphanumeric', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true); // Receita Federal's alphanumeric example
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
  });

  test('a CNPJ checked where it lies in a record agrees with isValidCnpj, on every kind of 14 digits', () => {
    let seed = 7;
    const digit = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return String(seed % 10);
    };
    const samples = [
      '11222333000181',
      '00000000000000',
      '11111111111111',
      '99999999999999',
      '11222333000182',
    ];
    for (let k = 0; k < 2000; k++) {
      const base = Array.from({ length: 12 }, digit).join('');
      // a valid one, and the same with each check digit put off by one
      const valid = cnpjWithCheckDigits(base);
      samples.push(valid, `${valid.slice(0, 12)}${(Number(valid[12]) + 1) % 10}${valid[13]}`);
      samples.push(`${valid.slice(0, 13)}${(Number(valid[13]) + 1) % 10}`, `${base}${digit()}${digit()}`);
    }
    for (const cnpj of samples) {
      expect([cnpj, isValidCnpjDigitsAt(`2${cnpj} NAME`, 1)]).toEqual([cnpj, isValidCnpj(cnpj)]);
    }
  });

  test('key types', () => {
    expect(pixKeyType('52998224725')).toBe('cpf');
    expect(pixKeyType('52998224724')).toBeNull();
    expect(pixKeyType('11222333000181')).toBe('cnpj');
    expect(pixKeyType('+5511987654321')).toBe('phone');
    expect(pixKeyType('+551198765432')).toBeNull();
    expect(pixKeyType('11987654321')).toBeNull(); // not a valid CPF, and a phone key needs +55
    expect(pixKeyType('fulano@example.com')).toBe('email');
    expect(pixKeyType('fulano@localhost')).toBeNull();
    expect(pixKeyType('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('random');
    expect(pixKeyType('123e4567-e12b-12d1-a456-426655440000')).toBeNull(); // not a v4 UUID
    expect(pixKeyType('')).toBeNull();
  });

  test('ASCII folding', () => {
    expect(foldAscii('  Ação   Ônibus ñ  ')).toBe('Acao Onibus n');
    expect(foldAscii('Zürich – €')).toBe('Zurich');
  });
});
