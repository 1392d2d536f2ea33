import { corporateText } from '@openride/shared/corporate/corporate-text';
import { Button } from '@/components/ui/button';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { useAcceptInvitation, useInvitation } from '../api/corporate';

const text = corporateText;

/** An invitation link (?invite=TOKEN): who invited whom, and Accept. */
export function InvitationCard({ token, onDone }: { token: string; onDone: () => void }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  return (
    <section aria-labelledby="invitation-title" className="rounded-2xl border-2 border-brand-200 bg-brand-50 p-4 sm:p-6">
      <h2 id="invitation-title" className="text-lg font-semibold text-ink-900">
        Invitation
      </h2>
      <QueryView
        query={invitation}
        loadFailed={text.refusals.invitationInvalid}
        errorView={(error) => <MutationError error={error} fallback={text.refusals.invitationInvalid} className="mt-2 font-medium" />}
      >
        {(inv) =>
          accept.isSuccess ? (
            <div className="mt-2 space-y-3">
              <p role="status" className="text-sm font-medium text-ink-900">
                You joined {accept.data.name}. Choose “{text.business(accept.data.name)}” when you book a ride.
              </p>
              <Button variant="outline" size="sm" onClick={onDone}>
                Done
              </Button>
            </div>
          ) : (
            <div className="mt-2 space-y-3">
              <p className="text-sm text-ink-800">
                <strong>{inv.company_name}</strong> invited {inv.email} to ride on its account{inv.role === 'admin' ? ' as a company admin' : ''}.
              </p>
              <MutationError error={accept.error} />
              <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
                Accept invitation
              </Button>
            </div>
          )
        }
      </QueryView>
    </section>
  );
}
