import { isValidElement, type ReactNode } from 'react';
import { messages } from '@openride/shared/messages';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { QueryEmpty, QueryError, QueryLoading } from './query-state';

/** What QueryView reads of a query: a TanStack `useQuery` result is one; `allQueries(a, b)` makes one of several. */
export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * A query's three states and its content, said the same way everywhere (issue 28 §3): `QueryLoading` while
 * pending, `QueryError` with the page's own sentence and a Try again (query.refetch) on error or when there is
 * no data (null: the record a page needs does not exist), the `empty`
 * node when `isEmpty(data)`, else `children(data)`. No page writes the `isPending ? … : isError ? …` ternary
 * itself (eslint refuses QueryLoading/QueryError outside components/ui).
 *
 * - `loadFailed`: the page's sentence ("We couldn't load the … Check your connection and try again."), or a
 *   function of the error when a refusal (403) says something else. Never the server's message.
 * - `errorView(error, failed)`: when one error is not a failed load but an answer (a driver not yet approved), the
 *   node to show instead; `undefined` shows `failed` (the QueryError), which it may also wrap (a heading above it).
 * - `empty`: a sentence (shown in `QueryEmpty`) or a whole node (`<QueryEmpty hint=… action=…>`); null shows nothing.
 * - `loading`: another node while pending (a skeleton; null for nothing), or `loadingClassName` for the spinner's box.
 * - `retry={false}`: no Try again (a load that another control repeats).
 * - `keepData`: a failed refetch keeps showing what was loaded (the error only when there is nothing to show).
 */
export function QueryView<T>({
  query,
  loadFailed,
  children,
  isEmpty,
  empty,
  loading,
  loadingClassName,
  errorClassName,
  errorView,
  retry = true,
  keepData = false,
}: {
  query: QueryLike<T>;
  loadFailed: ReactNode | ((error: Error) => ReactNode);
  children: (data: NonNullable<T>) => ReactNode;
  isEmpty?: (data: NonNullable<T>) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
  loadingClassName?: string;
  errorClassName?: string;
  errorView?: (error: Error, failed: ReactNode) => ReactNode | undefined;
  retry?: boolean;
  keepData?: boolean;
}) {
  if (query.isPending) return loading === undefined ? <QueryLoading className={loadingClassName} /> : <>{loading}</>;
  if ((query.isError && !(keepData && query.data != null)) || query.data == null) {
    const error = query.error ?? new Error('No data');
    const failed = (
      <QueryError onRetry={retry ? () => void query.refetch() : undefined} retrying={query.isFetching} className={errorClassName}>
        {typeof loadFailed === 'function' ? loadFailed(error) : loadFailed}
      </QueryError>
    );
    const answer = query.isError ? errorView?.(error, failed) : undefined;
    return answer === undefined ? failed : <>{answer}</>;
  }
  const data = query.data;
  if (isEmpty?.(data)) return isValidElement(empty) || empty == null || typeof empty === 'boolean' ? <>{empty}</> : <QueryEmpty>{empty}</QueryEmpty>;
  return <>{children(data)}</>;
}

type DataOf<Q> = Q extends { data: infer D } ? Exclude<D, undefined> : never;
type DataOfAll<Qs extends readonly unknown[]> = { [K in keyof Qs]: DataOf<Qs[K]> };

/**
 * Several queries as one, for a view that needs all of them: pending while any is, failed when any failed
 * (Try again repeats the failed ones), its data the tuple of theirs.
 */
export function allQueries<Qs extends QueryLike<unknown>[]>(...queries: [...Qs]): QueryLike<DataOfAll<Qs>> {
  const failed = queries.filter((q) => q.isError);
  const ready = queries.every((q) => q.data !== undefined);
  return {
    isPending: queries.some((q) => q.isPending),
    isError: failed.length > 0,
    isFetching: queries.some((q) => q.isFetching),
    error: failed[0]?.error ?? null,
    data: ready ? (queries.map((q) => q.data) as DataOfAll<Qs>) : undefined,
    refetch: () => Promise.all((failed.length ? failed : queries).map((q) => q.refetch())),
  };
}

/**
 * The message of a refused change (a save, a verb), when it is meant for people: the server's words for a 4xx
 * ("This code already exists.") and ours for no answer at all. A 5xx or a thrown bug speaks to developers,
 * so the page's `fallback` is shown instead.
 */
export function mutationErrorText(error: unknown, fallback: ReactNode = messages.errors.error.unexpected): ReactNode {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return fallback;
}

/**
 * A failed mutation, shown inline beside its form (role=alert, the kit's red box): nothing when `error` is
 * null. The text is `mutationErrorText(error, fallback)` (the page's `fallback`, else "unexpected"); `children`
 * replaces it when the page words the refusal itself (errorText(code), a sentence around the reason).
 */
export function MutationError({
  error,
  fallback,
  children,
  className,
  id,
}: {
  error: unknown;
  fallback?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
}) {
  if (error === null || error === undefined || error === false || error === '') return null;
  return (
    <p id={id} role="alert" className={cn('rounded-2xl bg-red-50 p-3 text-sm text-red-800', className)}>
      {children ?? mutationErrorText(error, fallback)}
    </p>
  );
}

/**
 * Under a list of pages already shown (useInfiniteQuery inside QueryView with `keepData`): the next page failed,
 * so the page's sentence and a Try again that asks for that page again. Nothing while nothing failed.
 */
export function LoadMoreError({
  query,
  children,
}: {
  query: { isError: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: ReactNode;
}) {
  if (!query.isError) return null;
  return (
    <QueryError onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage}>
      {children}
    </QueryError>
  );
}
