/**
 * Expenses (despesas), scopes expenses.read / expenses.write: an expense registered (and, when paid, recorded as a
 * ledger entry), or N linked installments with the total distributed among them. Decimal reais on the wire.
 */
import type { ExpenseCreate, ExpenseInstallmentsCreate } from '../../domain/request-bodies.js';
import type * as R from '../../domain/responses.js';
import type {
  ApiCore,
  BulkOptions,
  BulkResult,
  ListOptions,
  ListResult,
  QueryValue,
  Tolerant,
} from '../types.js';
import { route } from './endpoint.js';
import { createMany, type WriteOptions, write } from './write.js';

export type Expense = Tolerant<typeof R.Expense, 'id'>;

export interface ExpenseFilters {
  supplier_id?: number;
  chart_of_accounts_id?: number;
  paid_from?: string;
  paid_to?: string;
  page?: number;
  per_page?: number;
  [key: string]: QueryValue;
}

export interface ExpensesApi {
  list(filters?: ExpenseFilters, opts?: ListOptions): Promise<ListResult<Expense>>;
  create(body: ExpenseCreate, opts?: WriteOptions): Promise<Expense>;
  createMany(bodies: readonly ExpenseCreate[], opts?: BulkOptions): Promise<BulkResult<'index', Expense>[]>;
  /** Creates the linked installments in one call; returns them in order. */
  installments(body: ExpenseInstallmentsCreate, opts?: WriteOptions): Promise<Expense[]>;
}

export function expenses(api: ApiCore): ExpensesApi {
  const creating = route('createExpense');
  const create = (body: ExpenseCreate, o?: WriteOptions) => write<Expense>(api, creating, body, o);
  return {
    list: (filters = {}, opts = {}) => api.list<Expense>(route('listExpenses').path, filters, opts),
    create,
    createMany: createMany(api, creating),
    installments: async (body, o) => {
      const data = await write<unknown>(api, route('createExpenseInstallments'), body, o);
      // `{data: [...]}` (unwrapped by the core), or a paginator-like `{data: {data: [...]}}` / `{items}` elsewhere.
      if (Array.isArray(data)) return data as Expense[];
      const inner = (data as { data?: unknown; items?: unknown } | null) ?? {};
      if (Array.isArray(inner.data)) return inner.data as Expense[];
      if (Array.isArray(inner.items)) return inner.items as Expense[];
      return [];
    },
  };
}
