import { lazy, Suspense } from 'react';
import { useLegalStatus } from '../api/legal';

// The dialog (its words, the document kinds and Radix's dialog) is a chunk of its own: every signed-in page
// mounts this gate, and only the rare user who must agree again downloads the dialog (decision 0057).
const LegalReacceptDialog = lazy(() => import('./reaccept-dialog').then((m) => ({ default: m.LegalReacceptDialog })));

/** Asks GET /api/legal/status (cached) and mounts the agree-again dialog only when the server says so. */
export function LegalReacceptGate({ userId, reading }: { userId: string; reading: boolean }) {
  const status = useLegalStatus(userId);
  if (!status.data?.needs_acceptance || reading) return null;
  return (
    <Suspense fallback={null}>
      <LegalReacceptDialog userId={userId} reading={reading} />
    </Suspense>
  );
}
