import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { uiText } from '@openride/shared/ui-text';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/session';
import { useMyDriver } from '../api/get-my-driver';
import { loadDraft } from '../hooks/application-draft';
import { DriverApplicationForm } from './driver-application-form';
import { DriverApplicationStatus } from './driver-application-status';
import type { CityOption } from './driver-city';
import { DriverPrompt } from './driver-prompt';

/**
 * /driver (§2): prompt → details form → (submit) → already-a-driver. Visitors see the prompt and the form
 * too; submitting without a session sends them to sign in and back here, their draft kept. `cities`: the
 * cities served (the route module reads them), for the application's and the driver's city (decision 0074).
 * `papersNeeded`: what an approved driver must still upload before going online (decision 0081), the compliance feature's.
 */
export function DriverApplicationPage({ cities, papersNeeded }: { cities?: readonly CityOption[]; papersNeeded?: ReactNode }) {
  const navigate = useNavigate();
  const me = useMe();
  const driver = useMyDriver();
  const location = useLocation();
  // Straight to the form when coming back from sign-in with a draft, or from a link that already said
  // "apply" (the sign-up completion step sends { apply: true }).
  const [view, setView] = useState<'prompt' | 'details' | 'reapply'>(() =>
    loadDraft() || (location.state as { apply?: boolean } | null)?.apply ? 'details' : 'prompt',
  );

  const showForm = (next: 'details' | 'reapply') => {
    setView(next);
    window.scrollTo({ top: 0 });
  };

  if (me.isPending || (me.data && driver.isPending)) return <LoadingScreen />;
  const reapplying = view === 'reapply' && driver.data?.verification_status === 'rejected';
  if (driver.data && !reapplying)
    return <DriverApplicationStatus driver={driver.data} cities={cities} papersNeeded={papersNeeded} onApplyAgain={() => showForm('reapply')} />;

  if (view !== 'prompt') {
    return (
      <DriverApplicationForm
        me={me.data ?? null}
        cities={cities}
        onBack={() => {
          setView('prompt');
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }

  const onMaybeLater = () => {
    toast({ title: uiText.driverApplication.maybeLaterToast.title, description: uiText.driverApplication.maybeLaterToast.text });
    navigate(paths.home);
  };

  return <DriverPrompt onApply={() => showForm('details')} onMaybeLater={onMaybeLater} />;
}
