/**
 * Suppliers: created by CPF/CNPJ (a DDA boleto's beneficiary nobody knew), and their payment data corrected where
 * a bank's rejection named it. Both are condo sandbox extensions: the spec lists suppliers read-only. The PIX key's
 * type is read off the key, as the DICT would.
 */
import { isValidDocument } from '../../domain/documents.js';
import { pixKeyType } from '../../domain/pix-keys.js';
import type { FieldErrors, SupplierCreate, SupplierUpdate } from '../../domain/request-bodies.js';
import type { Tx } from '../db/tx.js';
import type { Supplier } from '../model.js';
import { conflict, validationFailed } from './errors.js';

const BANK_FIELDS = ['bank_code', 'agency', 'account'] as const;

export function updateSupplier(s: Supplier, patch: SupplierUpdate, now: Date): Supplier {
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
  if (bankChange || pixKey !== undefined) s.payment_data_changed_at = now.toISOString();
  return s;
}

/**
 * A new supplier. Its CPF/CNPJ must check and be nobody else's (409 naming the one that has it); a bank account is
 * given whole (code, agency and account) or not at all.
 */
export function createSupplier(tx: Tx, body: SupplierCreate, now: Date): Supplier {
  const fields: FieldErrors = {};
  if (!isValidDocument(body.document)) fields.document = ['has invalid check digits'];
  const given = BANK_FIELDS.filter((f) => body[f] !== undefined);
  if (given.length > 0 && given.length < BANK_FIELDS.length)
    for (const f of BANK_FIELDS)
      if (body[f] === undefined) fields[f] = ['is required with bank_code, agency and account'];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const taken = tx.suppliers.first(tx.suppliers.where().eq('document', body.document));
  if (taken)
    throw conflict(`supplier ${taken.id} (${taken.name}) already has CPF/CNPJ ${body.document}`, {
      resource: 'supplier',
      id: taken.id,
      name: taken.name,
      document: body.document,
    });
  const supplier: Supplier = {
    id: tx.nextId('suppliers'),
    name: body.name,
    document: body.document,
    bank: null,
    pix_key: null,
    pix_key_type: null,
  };
  // the payment data goes through the update's checks, on the record the unit of work now tracks
  const stored = tx.suppliers.insert(supplier);
  const { name: _name, document: _document, ...payment } = body;
  return Object.keys(payment).length > 0 ? updateSupplier(stored, payment, now) : stored;
}
