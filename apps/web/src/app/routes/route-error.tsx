import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { uiText } from '@openride/shared/ui-text';
import { Alert } from '@/components/ui/alert';
import { NotFoundPage } from '@/components/not-found-page';
import { Button } from '@/components/ui/button';

/** Route error boundary: a 404 is the not-found page; anything else (e.g. a chunk that failed to load) offers a reload. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.warn('[route] render failed', error);
  return (
    <Alert as="div" tone="plain" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <TriangleAlert className="size-10 text-amber-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-ink-900">{uiText.routeError.title}</h1>
      <p className="text-ink-600">{uiText.routeError.text}</p>
      <Button onClick={() => window.location.reload()}>{uiText.routeError.reload}</Button>
    </Alert>
  );
}
