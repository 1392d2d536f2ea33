import { useState } from 'react';
import { useNavigate } from 'react-router';
import { UserCheck } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import type { Me } from '@/lib/session';
import { useSignOut } from '../api/use-sign-out';
import { dashboardPath } from '../hooks/use-post-login-redirect';

export function AlreadyLoggedIn({ me }: { me: Me }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      // Stay on /auth: the visitor wants the sign-up form next.
      await signOut({ redirectTo: null });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <section aria-labelledby="already-logged-in" className="space-y-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <UserCheck className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h2 id="already-logged-in" className="text-xl font-semibold text-ink-900">
          {messages.auth.alreadyLoggedIn}
        </h2>
        <p className="text-sm text-ink-600">{me.user.email}</p>
        <p className="inline-flex rounded-full bg-ink-100 px-3 py-1 text-xs font-semibold tracking-wide text-ink-700" data-testid="current-role">
          {uiText.auth.currentRole(me.role)}
        </p>
      </div>
      <div className="space-y-3">
        <Button size="lg" className="w-full" onClick={() => navigate(dashboardPath(me))} disabled={signingOut}>
          {messages.auth.goToDashboard}
        </Button>
        <Button variant="outline" size="lg" className="w-full" onClick={onSignOut} disabled={signingOut}>
          {messages.auth.signOutToCreate}
        </Button>
      </div>
    </section>
  );
}
