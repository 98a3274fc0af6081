/**
 * The condominium's registers (cadastros) a person reads to find ids and fix what a bank refused: its bank
 * accounts, suppliers (one with its payables the bank rejected), and units; a supplier's payment data corrected
 * (an extension of condo's sandbox).
 */
import type { Client } from '../client/index.js';
import { displayState } from '../domain/payables.js';
import { viaExtension } from './served.js';

export const bankAccountsList = (client: Client) => client.bankAccounts.list();

export const suppliersList = (client: Client) => client.suppliers.list();

export const unitsList = (client: Client) => client.units.list();

/**
 * A supplier's payment data, and, when `rejections` asks (a person's screen), its payables the bank rejected: what
 * a correction of it is usually for. A script's record reads the supplier alone (a token may lack payables.read).
 */
export async function supplierWithRejections(client: Client, id: number, opts: { rejections: boolean }) {
  const supplier = await client.suppliers.get(id);
  if (!opts.rejections) return { supplier, rejected: [] };
  const pending = await client.payables.list({ state: 'pending', supplier_id: id }, { all: true });
  return { supplier, rejected: pending.filter((p) => displayState(p) === 'rejected') };
}

/** Corrects what a rejection named: the supplier's bank account (any of its parts) or PIX key. */
export async function correctSupplier(
  client: Client,
  id: number,
  body: Parameters<Client['suppliers']['update']>[1],
) {
  await client.suppliers.get(id); // a supplier that does not exist is a 404 here, not "unsupported"
  return viaExtension(
    {
      action: {
        en: "change a supplier's payment data",
        pt: 'alterar os dados de pagamento de um fornecedor',
      },
      verb: 'suppliers update',
    },
    () => client.suppliers.update(id, body),
  );
}

/** The condominium's CNPJ as the server has it; null where it cannot be read (a firm's run routes files by it). */
export const condominiumDocument = (client: Client): Promise<string | null> =>
  client.condominiums
    .get()
    .then((c) => c.document ?? null)
    .catch(() => null);
