/** Expenses (despesas): pages, entering one or a file's many, and a purchase in installments as the server splits it. */
import type { Client } from '../client/index.js';

type Expenses = Client['expenses'];

export const expensesPage = (
  client: Client,
  filters: Parameters<Expenses['list']>[0],
  page: Parameters<Expenses['list']>[1],
) => client.expenses.list(filters, page);

export const enterExpense = (client: Client, body: Parameters<Expenses['create']>[0]) =>
  client.expenses.create(body);

/** A file's expenses, each under its own key (a re-run replays what went in). */
export const enterExpenses = (client: Client, ...args: Parameters<Expenses['createMany']>) =>
  client.expenses.createMany(...args);

/** A purchase's installments, one series each, as the server splits them (the CLI checks them against its own split). */
export const enterInstallments = (client: Client, body: Parameters<Expenses['installments']>[0]) =>
  client.expenses.installments(body);
