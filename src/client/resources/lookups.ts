/**
 * Small lookup lists the CLI resolves names against: chart of accounts (plano-de-contas.read), bank accounts
 * (bank.read), suppliers and units (cadastros.read). Every page is read by default. A supplier's payment data can be
 * corrected (cadastros.write, an extension).
 */
import type { SupplierCreate, SupplierUpdate } from '../../domain/request-bodies.js';
import type {
  ApiCore,
  BankAccount,
  ChartAccount,
  Condominium,
  ListOptions,
  ListResult,
  Supplier,
  Unit,
} from '../types.js';
import { read, route } from './endpoint.js';
import { type WriteOptions, write } from './write.js';

const everything = (opts: ListOptions): ListOptions => ({ all: true, ...opts });

export interface ChartOfAccountsApi {
  list(filters?: { type?: string; state?: string }, opts?: ListOptions): Promise<ListResult<ChartAccount>>;
}
export function chartOfAccounts(api: ApiCore): ChartOfAccountsApi {
  return {
    list: (filters = {}, opts = {}) =>
      api.list<ChartAccount>(route('listChartAccounts').path, filters, everything(opts)),
  };
}

export interface BankAccountsApi {
  list(opts?: ListOptions): Promise<ListResult<BankAccount>>;
}
export function bankAccounts(api: ApiCore): BankAccountsApi {
  return {
    list: (opts = {}) => api.list<BankAccount>(route('listBankAccounts').path, {}, everything(opts)),
  };
}

export interface SuppliersApi {
  list(opts?: ListOptions): Promise<ListResult<Supplier>>;
  get(id: number, opts?: { signal?: AbortSignal }): Promise<Supplier>;
  /** Corrects payment data (a condo sandbox extension: another server answers 404 or 405). */
  update(id: number, body: SupplierUpdate, opts?: WriteOptions): Promise<Supplier>;
  /** A new supplier by its CPF/CNPJ (a condo sandbox extension, as `update`). */
  create(body: SupplierCreate, opts?: WriteOptions): Promise<Supplier>;
}
export function suppliers(api: ApiCore): SuppliersApi {
  return {
    list: (opts = {}) => api.list<Supplier>(route('listSuppliers').path, {}, everything(opts)),
    get: async (id, o = {}) => read<Supplier>(api, route('getSupplier', { id: String(id) }), o),
    update: (id, body, o) => write<Supplier>(api, route('updateSupplier', { id: String(id) }), body, o),
    create: (body, o) => write<Supplier>(api, route('createSupplier'), body, o),
  };
}

export interface UnitsApi {
  list(opts?: ListOptions): Promise<ListResult<Unit>>;
  get(id: number, opts?: { signal?: AbortSignal }): Promise<Unit>;
}
export function units(api: ApiCore): UnitsApi {
  return {
    list: (opts = {}) => api.list<Unit>(route('listUnits').path, {}, everything(opts)),
    get: async (id, o = {}) => read<Unit>(api, route('getUnit', { id: String(id) }), o),
  };
}

export interface CondominiumsApi {
  /** The condominium the client works for: its slug, name and CNPJ. */
  get(opts?: { signal?: AbortSignal }): Promise<Condominium>;
}
export function condominiums(api: ApiCore): CondominiumsApi {
  return { get: (o = {}) => read<Condominium>(api, route('getCondominium'), o) };
}
