/**
 * A list read page by page (the client's `list`): pages followed by number or by link, never back to one already
 * read, up to a limit; or its end, last item first, reading back from the last page where the pages are numbered.
 */
import { readPage } from './pagination.js';
import type { ListOptions, ListResult, Query, RequestOptions, RequestResult } from './types.js';

const MAX_PAGES = 10_000;

/** What a list is read with: the client's request, and where a path goes. */
export interface PageSource {
  request(o: RequestOptions): Promise<RequestResult<unknown>>;
  urlFor(path: string, query?: Query): URL;
}

/** The client's `list`, over these pages. */
export function lister({ request, urlFor }: PageSource) {
  async function list<T = unknown>(
    path: string,
    query: Query = {},
    o: ListOptions = {},
  ): Promise<ListResult<T>> {
    if (o.fromEnd) return listFromEnd<T>(path, query, o);
    const data: T[] = [];
    let count = 0;
    const limit = o.limit !== undefined && o.limit >= 0 ? o.limit : Number.POSITIVE_INFINITY;
    let target: { path: string; query: Query } | undefined = { path, query };
    let meta: Record<string, unknown> | undefined;
    let hasMore = false;
    let lastRequestId: string | undefined;
    const seen = new Set<string>();
    for (let pages = 0; target && pages < MAX_PAGES; pages++) {
      const res: RequestResult<unknown> = await request({
        method: 'GET',
        path: target.path,
        query: target.query,
        signal: o.signal,
      });
      lastRequestId = res.requestId;
      seen.add(urlFor(target.path, target.query).toString());
      const page = readPage(res.body);
      meta = page.meta;
      const room = limit - count;
      const items = page.items.length > room ? page.items.slice(0, room) : page.items;
      count += items.length;
      if (o.eachPage) {
        const total = typeof meta?.total === 'number' ? Math.min(meta.total, limit) : undefined;
        o.eachPage(items, { items: count, total });
      } else data.push(...(items as T[]));
      const following = nextTarget(page, target);
      if (page.items.length > room) {
        hasMore = true;
        break;
      }
      hasMore = following !== undefined;
      if (!o.all || count >= limit || !following) break;
      if (seen.has(urlFor(following.path, following.query).toString())) {
        hasMore = false; // a server pointing back at a page already read: stop rather than loop
        break;
      }
      target = following;
    }
    return Object.defineProperties(data, {
      meta: { value: meta, enumerable: false },
      hasMore: { value: hasMore, enumerable: false },
      requestId: { value: lastRequestId, enumerable: false },
    }) as ListResult<T>;
  }

  /**
   * A list's end, last item first: the first page says how many pages there are, then back from the last. Every
   * page (`all`), or a server whose pages are links rather than numbers: read forward once, kept from the end.
   */
  async function listFromEnd<T>(path: string, query: Query, o: ListOptions): Promise<ListResult<T>> {
    const { fromEnd: _, limit, ...forward } = o;
    const endOf = (
      items: readonly unknown[],
      meta: Record<string, unknown> | undefined,
      requestId?: string,
    ) => {
      const want = limit ?? items.length;
      const kept = items.slice(Math.max(0, items.length - want)).reverse() as T[];
      const total = typeof meta?.total === 'number' ? meta.total : items.length;
      return Object.defineProperties(kept, {
        meta: { value: meta, enumerable: false },
        hasMore: { value: total > kept.length, enumerable: false },
        requestId: { value: requestId, enumerable: false },
      }) as ListResult<T>;
    };
    const everything = async () => {
      const every = await list<T>(path, query, { ...forward, all: true });
      return endOf(every, every.meta, every.requestId);
    };
    if (o.all && limit === undefined) return everything();
    const pageAt = async (n: number | undefined) => {
      const res: RequestResult<unknown> = await request({
        method: 'GET',
        path,
        query: n === undefined ? query : { ...query, page: n },
        signal: o.signal,
      });
      return { page: readPage(res.body), requestId: res.requestId };
    };
    const first = await pageAt(undefined);
    const last = first.page.lastPage;
    if (last === undefined || first.page.nextLink !== undefined) return everything();
    const want = limit ?? first.page.items.length;
    let items: unknown[] = [];
    let requestId = first.requestId;
    for (let n = last; n > 1 && items.length < want; n--) {
      const at = await pageAt(n);
      items = [...at.page.items, ...items];
      requestId = at.requestId;
    }
    if (items.length < want) items = [...first.page.items, ...items];
    return endOf(items.length > want ? items.slice(items.length - want) : items, first.page.meta, requestId);
  }

  function nextTarget(
    page: ReturnType<typeof readPage>,
    current: { path: string; query: Query },
  ): { path: string; query: Query } | undefined {
    if (page.nextLink === null) return undefined;
    if (page.nextLink !== undefined) {
      const here = urlFor(current.path, current.query);
      return { path: new URL(page.nextLink, here).toString(), query: {} };
    }
    if (page.nextPage !== undefined && page.items.length > 0) {
      return { path: current.path, query: { ...current.query, page: page.nextPage } };
    }
    return undefined;
  }

  return list;
}
