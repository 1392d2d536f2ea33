import { useState } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { legalText } from '@openride/shared/legal/legal-text';
import type { LegalKind } from '@openride/shared/legal/schemas';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
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
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-[51] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-ink-900">{text.title}</Dialog.Title>
          <Dialog.Description className="text-sm text-ink-600">{text.text}</Dialog.Description>
          <p className="text-sm font-medium text-ink-800">{text.changed(changed.join(', '))}</p>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Link to={paths.legal} className={buttonClasses({ variant: 'outline' })}>
              {text.read}
            </Link>
            <Button onClick={onAccept} disabled={accept.isPending}>
              {accept.isPending ? text.accepting : text.accept}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
