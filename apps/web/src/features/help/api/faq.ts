import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaqEntryInput, FaqMove } from '@openride/shared/help/schemas';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { call } from '@/lib/call';
import { editorFaqKey, editorFaqQuery } from './editor-faq';

export { editorFaqKey };
export const faqKey = ['public', 'faq'] as const;

/** GET /api/public/faq: every topic with its entries (public; cached a minute). */
export function useFaq() {
  return useQuery({ queryKey: faqKey, queryFn: ({ signal }) => call('GET /api/public/faq', {}, { signal }), staleTime: PUBLIC_MAX_AGE_S * 1000 });
}

/** The same answer for the editor, read past the browser's cache (`editor-faq.ts`). */
export function useEditorFaq() {
  return useQuery(editorFaqQuery());
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: editorFaqKey }),
      client.invalidateQueries({ queryKey: faqKey }),
      client.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
    ]);
}

/** POST /api/admin/faq. */
export function useCreateFaqEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: FaqEntryInput) => call('POST /api/admin/faq', { body: input }).then((r) => r.entry),
    onSuccess: invalidate,
  });
}

/** PUT /api/admin/faq/:id. */
export function useUpdateFaqEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FaqEntryInput }) => call('PUT /api/admin/faq/:id', { params: { id }, body: input }).then((r) => r.entry),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/faq/:id. */
export function useDeleteFaqEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/faq/:id', { params: { id } }).then((r) => r.entry),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/faq/:id/move: answers the whole FAQ in its new order, put straight into the cache. */
export function useMoveFaqEntry() {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: FaqMove }) => call('POST /api/admin/faq/:id/move', { params: { id }, body: move }),
    onSuccess: async (faq) => {
      client.setQueryData(editorFaqKey, faq);
      client.setQueryData(faqKey, faq);
      await invalidate();
    },
  });
}
