/**
 * Reading list responses of any known shape (docs/DESIGN.md "Tolerance"): a bare array; `{data: [...], meta}` with
 * `meta.page`/`current_page` and `last_page`; `links.next` (string or {href}); Laravel's flat paginator
 * (`current_page`, `last_page`, `next_page_url`), also when nested inside `data`.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Page {
  items: unknown[];
  meta: Record<string, unknown> | undefined;
  /** A link to the next page (absolute or relative), null when the server said there is none, undefined if silent. */
  nextLink: string | null | undefined;
  /** The next page number from page counters, when there is one. */
  nextPage: number | undefined;
  /** The last page's number from page counters, when they say it. */
  lastPage?: number | undefined;
}

export function readPage(body: unknown): Page {
  if (Array.isArray(body)) return { items: body, meta: undefined, nextLink: undefined, nextPage: undefined };
  if (!isObject(body)) return { items: [], meta: undefined, nextLink: undefined, nextPage: undefined };
  // Laravel's paginator wrapped in {data: {data: [...], current_page, ...}}
  if (isObject(body.data) && Array.isArray(body.data.data)) return readPage(body.data);
  const items = Array.isArray(body.data)
    ? body.data
    : Array.isArray(body.items)
      ? body.items
      : Array.isArray(body.results)
        ? body.results
        : [];
  const meta = isObject(body.meta) ? body.meta : undefined;
  const counters = meta ?? body;
  return {
    items,
    meta,
    nextLink: nextLinkOf(body, meta),
    nextPage: nextPageOf(counters),
    lastPage: lastPageOf(counters),
  };
}

function nextLinkOf(
  body: Record<string, unknown>,
  meta: Record<string, unknown> | undefined,
): string | null | undefined {
  const candidates: Array<[Record<string, unknown> | undefined, string]> = [
    [isObject(body.links) ? body.links : undefined, 'next'],
    [body, 'next_page_url'],
    [meta, 'next_page_url'],
    [isObject(meta?.links) ? (meta?.links as Record<string, unknown>) : undefined, 'next'],
  ];
  for (const [holder, key] of candidates) {
    if (!holder || !(key in holder)) continue;
    const v = holder[key];
    if (v === null || v === '') return null;
    if (typeof v === 'string') return v;
    if (isObject(v) && typeof v.href === 'string') return v.href;
  }
  return undefined;
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function lastPageOf(c: Record<string, unknown>): number | undefined {
  const last = num(c.last_page) ?? num(c.total_pages) ?? num(c.page_count);
  if (last !== undefined) return last;
  const total = num(c.total);
  const perPage = num(c.per_page);
  return total !== undefined && perPage ? Math.ceil(total / perPage) : undefined;
}

function nextPageOf(c: Record<string, unknown>): number | undefined {
  const page = num(c.page) ?? num(c.current_page);
  if (page === undefined) return undefined;
  const last = lastPageOf(c);
  return last !== undefined && page < last ? page + 1 : undefined;
}
