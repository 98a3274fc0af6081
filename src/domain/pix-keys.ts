/**
 * A PIX key's kind as the DICT stores it: what a supplier record, a CNAB segment B and the BR Code all agree on.
 * Pure; the BR Code itself (formats/pix) builds on it.
 */
import { isValidCnpj, isValidCpf } from './documents.js';

/** The kinds of key the DICT stores. */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** Each kind as a person reads it (#66: `phone:`, `random:` on a Portuguese screen); scripts keep the API's word. */
export const PIX_KEY_TYPE_WORDS: Readonly<Record<PixKeyType, { en: string; pt: string }>> = {
  cpf: { en: 'CPF', pt: 'CPF' },
  cnpj: { en: 'CNPJ', pt: 'CNPJ' },
  email: { en: 'e-mail', pt: 'e-mail' },
  phone: { en: 'phone', pt: 'telefone' },
  random: { en: 'random key', pt: 'chave aleatória' },
};

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The type of a Pix key as stored in the DICT: CPF (11 digits, valid), CNPJ (14 characters, valid), phone
 * (+55, 2-digit area code, 9-digit number), e-mail (at most 77 characters), random key (UUID v4). null when
 * it is none of these. Punctuated CPF/CNPJ are not keys (the DICT stores digits only).
 */
export function pixKeyType(key: string): PixKeyType | null {
  if (/^\d{11}$/.test(key)) return isValidCpf(key) ? 'cpf' : null;
  if (/^[0-9A-Z]{12}\d{2}$/.test(key)) return isValidCnpj(key) ? 'cnpj' : null;
  if (/^\+55[1-9]{2}\d{9}$/.test(key)) return 'phone';
  if (key.length <= 77 && EMAIL.test(key)) return 'email';
  if (UUID_V4.test(key)) return 'random';
  return null;
}
