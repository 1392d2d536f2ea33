import { useState } from 'react';
import { Link } from 'react-router';
import { legalText } from '@openride/shared/legal/legal-text';
import type { LegalKind } from '@openride/shared/legal/schemas';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Modal, ModalActions } from '@/components/ui/modal';
import { MutationError } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useAcceptLegal, useLegalStatus } from '../api/legal';

const text = legalText.reaccept;

/**
 * After sign-in, when a newer Terms of Service or Privacy Policy is in force than the one the user agreed to
 * (or none was recorded): a dialog that cannot be dismissed without agreeing, except to read the documents
 * on /legal (where it stays closed until the user leaves the page). Not shown to admins (the server says so).
 */
export function LegalReacceptDialog({ userId, reading }: { userId: string; reading: boolean }) {
  const status = useLegalStatus(userId);
  const accept = useAcceptLegal(userId);
  const [error, setError] = useState<string | null>(null);
  const data = status.data;
  if (!data?.needs_acceptance || reading) return null;
  // The kinds from the words, not the schemas module: that one brings zod into this small chunk.
  const changed = (Object.keys(legalText.names) as LegalKind[]).filter((k) => (data.accepted[k] ?? 0) < data.current[k]).map((k) => legalText.names[k]);

  const onAccept = () => {
    setError(null);
    accept.mutate(
      { terms_version: data.current.terms, privacy_version: data.current.privacy },
      { onError: (err) => setError(isApiError(err, 409) ? text.stale : text.failed) },
    );
  };

  return (
    <Modal open onOpenChange={() => undefined} dismissible={false} title={text.title} description={text.text}>
      <p className="text-sm font-medium text-ink-800">{text.changed(changed.join(', '))}</p>
      <MutationError error={error}>{error}</MutationError>
      <ModalActions>
        <Link to={paths.legal} className={buttonClasses({ variant: 'outline' })}>
          {text.read}
        </Link>
        <Button onClick={onAccept} disabled={accept.isPending}>
          {accept.isPending ? text.accepting : text.accept}
        </Button>
      </ModalActions>
    </Modal>
  );
}
