/**
 * Suppliers' payment data, corrected where a bank's rejection named it (a condo sandbox extension: the spec
 * lists suppliers read-only). The PIX key's type is read off the key, as the DICT would.
 */
import type { FieldErrors, SupplierUpdate } from '../../domain/request-bodies.js';
import { pixKeyType } from '../../formats/pix/index.js';
import type { Supplier } from '../model.js';
import { validationFailed } from './errors.js';

const BANK_FIELDS = ['bank_code', 'agency', 'account'] as const;

export function updateSupplier(s: Supplier, patch: SupplierUpdate): Supplier {
  const fields: FieldErrors = {};
  const pixKey = typeof patch.pix_key === 'string' ? patch.pix_key.trim() : patch.pix_key;
  const pixType = typeof pixKey === 'string' ? pixKeyType(pixKey) : null;
  if (typeof pixKey === 'string' && !pixType)
    fields.pix_key = [
      'is not a PIX key: a CPF or CNPJ (digits only), a +55 phone, an e-mail or a random key',
    ];
  const bankChange = [...BANK_FIELDS, 'account_type' as const].some((f) => patch[f] !== undefined);
  if (bankChange && !s.bank) {
    for (const f of BANK_FIELDS)
      if (patch[f] === undefined) fields[f] = ['is required: the supplier has no bank account yet'];
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  if (patch.name !== undefined) s.name = patch.name;
  if (bankChange) {
    const was = s.bank;
    s.bank = {
      code: patch.bank_code ?? was?.code ?? '',
      agency: patch.agency ?? was?.agency ?? '',
      account: patch.account ?? was?.account ?? '',
      account_type: patch.account_type ?? was?.account_type ?? 'checking',
    };
  }
  if (pixKey !== undefined) {
    s.pix_key = pixKey;
    s.pix_key_type = pixType;
  }
  return s;
}
