/**
 * Invoices (receivables) as the product reads and writes them: pages, one with its payment options, entering one or
 * a file's many, issuing one (its boleto and PIX), and the labels a person reads in place of unit ids.
 */
import type { Client } from '../client/index.js';
import { unitName } from './names.js';

type Invoices = Client['invoices'];

export const invoicesPage = (
  client: Client,
  filters: Parameters<Invoices['list']>[0],
  page: Parameters<Invoices['list']>[1],
) => client.invoices.list(filters, page);

export const invoiceDetail = (client: Client, id: string) => client.invoices.get(id);

export const enterInvoice = (client: Client, body: Parameters<Invoices['create']>[0]) =>
  client.invoices.create(body);

/** A file's invoices, each under its own key (a re-run replays what went in). */
export const enterInvoices = (client: Client, ...args: Parameters<Invoices['createMany']>) =>
  client.invoices.createMany(...args);

export const issueInvoice = (client: Client, id: string) => client.invoices.issue(id);

/** An issued invoice's payment options: the boleto's linha digitável and URL, the PIX "copia e cola". */
export const invoicePayment = (client: Client, id: string) => client.invoices.payment(id);

/**
 * "Bloco A - 201" for each unit id, read once; undefined where the token may not read units (cadastros.read), and
 * the ids stay.
 */
export const unitLabels = (client: Client): Promise<Map<number, string> | undefined> =>
  client.units.list().then(
    (units) => new Map(units.map((u) => [u.id, unitName(u)])),
    () => undefined,
  );
