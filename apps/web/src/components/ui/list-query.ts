import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListPage, SortDir } from '@openride/shared/admin/list-query';
import { api } from '@/lib/api';

export type ListParams = Record<string, string | undefined>;

export const listQueryString = (params: ListParams) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return search.toString();
};

/** The admin kit's list query: one definition for `DataTable` and a route loader's prefetch (decision 0080). */
export function listQuery<Row>({
  endpoint,
  queryKey,
  request,
  pageSize = 25,
}: {
  endpoint: string;
  queryKey: readonly unknown[];
  request: ListParams;
  pageSize?: number;
}) {
  return infiniteQueryOptions({
    queryKey: [...queryKey, request],
    // `api`, not `call`: the kit pages whichever list its table names (each `endpoint` comes from the contract's
    // key through `hrefOf`); the rows are typed by the table.
    queryFn: ({ pageParam, signal }) =>
      api<ListPage<Row>>(`${endpoint}?${listQueryString({ ...request, limit: String(pageSize), cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The request a table makes first: the page's parameters, no filter, no search, its default sort. */
export const firstListRequest = (params: ListParams, defaultSort: { id: string; dir: SortDir }): ListParams => ({
  ...params,
  sort: defaultSort.id,
  dir: defaultSort.dir,
});
