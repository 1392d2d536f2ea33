import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** The editor's copy: read past the browser's cache of the public answer (max-age 60 s), so an edit shows at once. */
export const editorFaqKey = ['admin', 'faq'] as const;

/**
 * GET /api/public/faq for the editor, fetched with `cache: 'no-cache'`: always from the server, and the browser's
 * cached copy is replaced with it, so /help in this browser shows the edit too. Its own small module: the
 * route loader of /support-procedures?section=faq imports it (decision 0080).
 */
export const editorFaqQuery = () =>
  queryOptions({ queryKey: editorFaqKey, queryFn: ({ signal }) => call('GET /api/public/faq', {}, { signal, cache: 'no-cache' }) });

/** The FAQ editor's entries, started with the route. */
export const prefetchEditorFaq = (client: QueryClient) => client.prefetchQuery(editorFaqQuery());
