import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptLegalInput, PublishLegalInput } from '@openride/shared/legal/schemas';
import type { LegalDocument, LegalDocuments, LegalStatus, LegalVersion } from '@openride/shared/legal/views';
import { call } from '@/lib/call';
import { auditLogKey, legalKeys } from './legal-keys';

export type { LegalDocument, LegalDocuments, LegalStatus, LegalVersion };

const fetchDocuments = (signal?: AbortSignal) => call('GET /api/public/legal', {}, { signal });

/** GET /api/public/legal: the Terms of Service and Privacy Policy in force. */
export function useLegalDocuments() {
  return useQuery({ queryKey: legalKeys.documents, queryFn: ({ signal }) => fetchDocuments(signal) });
}

/** GET /api/legal/status for the signed-in user (null: nobody is signed in, nothing is asked). */
export function useLegalStatus(userId: string | null) {
  return useQuery({
    queryKey: legalKeys.status(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: ({ signal }) => call('GET /api/legal/status', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/legal/accept; the status and the documents follow. */
export function useAcceptLegal(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptLegalInput) => call('POST /api/legal/accept', { body: input }),
    onSuccess: (status) => client.setQueryData(legalKeys.status(userId), status),
    onError: () => Promise.all([client.invalidateQueries({ queryKey: legalKeys.status(userId) }), client.invalidateQueries({ queryKey: legalKeys.documents })]),
  });
}

/**
 * The versions in force now, read when the sign-up form is sent, and recorded once the account exists
 * (`recordAgreement`): what the person ticked the box for. A version published in between is refused (409)
 * and the "agree again" dialog asks for it; so is a failure here, which never fails the sign-up itself.
 */
export async function agreeToCurrentLegal(): Promise<() => Promise<void>> {
  const docs = await fetchDocuments().catch(() => null);
  return async () => {
    if (!docs) return;
    await call('POST /api/legal/accept', { body: { terms_version: docs.terms.version, privacy_version: docs.privacy.version } }).catch(() => undefined);
  };
}

/** GET /api/admin/legal: every version, newest first. */
export function useLegalVersions(enabled: boolean) {
  return useQuery({
    queryKey: legalKeys.versions,
    enabled,
    queryFn: ({ signal }) => call('GET /api/admin/legal', {}, { signal }).then((r) => r.versions),
  });
}

/** POST /api/admin/legal; the documents, the versions and the audit log follow. */
export function usePublishLegal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishLegalInput) => call('POST /api/admin/legal', { body: input }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: legalKeys.documents }),
        client.invalidateQueries({ queryKey: legalKeys.versions }),
        client.invalidateQueries({ queryKey: ['legal', 'status'] }),
        client.invalidateQueries({ queryKey: auditLogKey }),
      ]),
  });
}
