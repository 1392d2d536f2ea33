import { staffText } from '@openride/shared/admin/staff-text';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError } from '@/components/ui/query-view';
import { useMe } from '@/lib/session';
import { useAcceptStaffInvitation } from '../api/staff';

const text = staffText.invitation;

/**
 * /staff-invitation?token=… (decision 0089): the invitation email's link. Signed in (a visitor signs in or up
 * first and comes back here), the person accepts; the server checks the address, the expiry and that the link
 * is unused, and says which. Once accepted, the console is one click away.
 */
export function StaffInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptStaffInvitation();
  const me = useMe();
  const adminPath = me.data?.adminPath;
  return (
    <PageContainer className="max-w-xl">
      <PageHeading title={text.title} description={text.description} />
      {token.length < 10 ? (
        <Alert tone="box">{text.missing}</Alert>
      ) : accept.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="font-medium text-ink-900">
            {text.accepted(staffText.roles[accept.data.member.role])}
          </p>
          {adminPath ? (
            <Link to={adminPath} className={buttonClasses({})}>
              {text.open}
            </Link>
          ) : null}
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-ink-800">{me.data?.user.email}</p>
          <MutationError error={accept.error} />
          <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
            {accept.isPending ? text.accepting : text.accept}
          </Button>
        </div>
      )}
    </PageContainer>
  );
}
