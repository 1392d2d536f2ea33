import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentReviewInput, DocumentTypesInput, DocumentUploadInput } from '@openride/shared/compliance/schemas';
import type { AdminDocument, CityDocumentTypes, DriverCompliance, DriverDocument, OwnDocuments } from '@openride/shared/compliance/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { call, hrefOf } from '@/lib/call';
import { auditLogKey, complianceKeys } from './compliance-keys';
import { adminCitiesQuery } from '@/lib/admin-cities';
import { consoleCityFor } from '@/lib/console-city';

export type { AdminDocument, CityDocumentTypes, DriverCompliance, DriverDocument, OwnDocuments };

/** How often an open review queue asks again: there is no admin room on the socket, so the queue polls. */
export const QUEUE_POLL_MS = 15_000;

/** The review queue in the admin kit's table: its endpoint, key, parameters and first order (oldest first). */
export const documentQueueList = {
  endpoint: hrefOf('GET /api/admin/documents'),
  queryKey: complianceKeys.queue,
  params: { status: 'in_review' },
  defaultSort: { id: 'created_at', dir: 'asc' },
} as const;

/** GET /api/drivers/me/compliance: a card's status per kind, and the hold's reasons. */
export function useMyCompliance() {
  return useQuery({
    queryKey: complianceKeys.mine,
    queryFn: ({ signal }) => call('GET /api/drivers/me/compliance', {}, { signal }),
    refetchInterval: 60_000,
  });
}

/** GET /api/drivers/me/documents: what each kind asks (sides, expiry), the newest per kind. */
export function useMyDocuments() {
  return useQuery({ queryKey: complianceKeys.myDocuments, queryFn: ({ signal }) => call('GET /api/drivers/me/documents', {}, { signal }) });
}

/** POST /api/drivers/me/documents; the cards follow. */
export function useSendDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentUploadInput) => call('POST /api/drivers/me/documents', { body: input }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: complianceKeys.mine }), client.invalidateQueries({ queryKey: complianceKeys.myDocuments })]),
  });
}

/** GET /api/admin/drivers/:id/compliance: the driver's other papers beside the document under review. */
export function useDriverCompliance(driverId: string | null) {
  return useQuery({
    queryKey: complianceKeys.driver(driverId ?? ''),
    enabled: Boolean(driverId),
    queryFn: ({ signal }) => call('GET /api/admin/drivers/:id/compliance', { params: { id: driverId! } }, { signal }),
  });
}

/** POST /api/admin/documents/:id/review; the queue, the driver's papers and the audit log follow. */
export function useReviewDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DocumentReviewInput }) => call('POST /api/admin/documents/:id/review', { params: { id }, body: input }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: complianceKeys.queue }),
        client.invalidateQueries({ queryKey: ['admin', 'drivers'] }),
        client.invalidateQueries({ queryKey: auditLogKey }),
      ]),
  });
}

/** /document-review's route loader (decision 0080): the queue's first page and the cities (its filter, the requirements' picker). */
export function prefetchDocumentReview(client: QueryClient) {
  const request = firstListRequest({ ...documentQueueList.params, city: consoleCityFor(client) ?? undefined }, documentQueueList.defaultSort);
  return Promise.all([
    client.prefetchInfiniteQuery(listQuery<AdminDocument>({ endpoint: documentQueueList.endpoint, queryKey: documentQueueList.queryKey, request })),
    client.prefetchQuery(adminCitiesQuery()),
  ]);
}

/** GET /api/admin/document-types?city=ID. */
export function useDocumentTypes(cityId: string | null) {
  return useQuery({
    queryKey: complianceKeys.types(cityId ?? ''),
    enabled: Boolean(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/document-types', { query: { city: cityId! } }, { signal }),
  });
}

/** PUT /api/admin/document-types. */
export function useSetDocumentTypes(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentTypesInput) => call('PUT /api/admin/document-types', { body: input }),
    onSuccess: (saved) => client.setQueryData(complianceKeys.types(cityId), saved),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: complianceKeys.queue }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
