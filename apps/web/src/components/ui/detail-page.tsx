import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { isApiError } from '@/lib/api';
import { PageContainer, PageTitle } from './page';
import { QueryError, QueryLoading } from './query-state';

/**
 * An admin page about one thing (a ride, a driver): a way back to its list, then loading, not found
 * (404: no retry), a failed load with a retry, or the thing itself.
 */
export function DetailPage<T>({
  back,
  query,
  notFound,
  loadFailed,
  children,
}: {
  back: { to: string; label: string };
  query: UseQueryResult<T>;
  notFound: ReactNode;
  loadFailed: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const missing = isApiError(query.error, 404);
  return (
    <PageContainer>
      <Link to={back.to} className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-ink-600 hover:text-ink-900 print:hidden">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      {query.isPending ? (
        <QueryLoading />
      ) : query.isError ? (
        <QueryError onRetry={missing ? undefined : () => void query.refetch()} retrying={query.isFetching}>
          {missing ? notFound : loadFailed}
        </QueryError>
      ) : (
        children(query.data as T)
      )}
    </PageContainer>
  );
}

/**
 * The head of a detail page: the thing's name (the document title too, and the h1), what is said about it
 * under the name (`children`: badges, ids, a reason), and its verbs (`actions`) beside it on wide screens.
 */
export function DetailHeader({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{title}</h1>
          {children}
        </div>
        {actions}
      </header>
    </>
  );
}
