import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bell, Briefcase, Gauge, Gift, History, LayoutDashboard, LifeBuoy, LogOut, Receipt, Settings, UserRound } from 'lucide-react';
import { accountText } from '@openride/shared/account/account-text';
import { consoleText } from '@openride/shared/admin/admin-text';
import { dashboardText } from '@openride/shared/dashboard/dashboard-text';
import { notificationCenterText } from '@openride/shared/notifications/notifications-text';
import { referralsText } from '@openride/shared/referrals/referrals-text';
import { uiText } from '@openride/shared/ui-text';
import { useDismiss } from '@/components/ui/use-dismiss';
import { paths } from '@/config/paths';
import type { Me } from '@/lib/session';
import { EnablePushItem } from '@/features/push/components/enable-push-item';
import { fileUrl } from '@/lib/file-url';

export const displayName = (me: Me) => me.user.name || me.profile.full_name || me.user.email;

export function UserMenu({ me, onSignOut }: { me: Me; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(rootRef, open, () => setOpen(false), buttonRef);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={uiText.a11y.accountMenu}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex size-11 items-center justify-center overflow-hidden rounded-full bg-ink-900 text-brand-400 ring-offset-2 transition hover:ring-2 hover:ring-ink-200"
      >
        {me.avatarFileId ? (
          <img src={fileUrl(me.avatarFileId)} alt="" className="size-full object-cover" />
        ) : (
          <UserRound className="size-5" aria-hidden="true" />
        )}
      </button>
      {open ? (
        <div id={panelId} className="absolute top-12 right-0 z-50 w-64 animate-fade-in rounded-2xl border border-ink-200 bg-white p-2 shadow-xl">
          <div className="border-b border-ink-100 px-3 py-2.5">
            <p className="truncate text-sm font-semibold text-ink-900">{displayName(me)}</p>
            <p className="truncate text-xs text-ink-500">{me.user.email}</p>
          </div>
          {me.driverDashboardPath ? (
            // The driver's own dashboard: its path is told to approved drivers only, and linked only from here.
            <Link
              to={me.driverDashboardPath}
              onClick={() => setOpen(false)}
              className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
            >
              <Gauge className="size-4" aria-hidden="true" />
              {dashboardText.menuLink}
            </Link>
          ) : null}
          {me.adminPath ? (
            // The console's home (issue 29 §1): its hidden path is told to admins only; signed-in staff reach it here.
            <Link
              to={me.adminPath}
              onClick={() => setOpen(false)}
              className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
            >
              <LayoutDashboard className="size-4" aria-hidden="true" />
              {consoleText.home}
            </Link>
          ) : null}
          <Link
            to={paths.rideHistory}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <History className="size-4" aria-hidden="true" />
            {uiText.nav.rideHistory}
          </Link>
          <Link
            to={paths.paymentHistory}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <Receipt className="size-4" aria-hidden="true" />
            {uiText.nav.paymentHistory}
          </Link>
          <Link
            to={paths.accountSettings}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <Settings className="size-4" aria-hidden="true" />
            {accountText.title}
          </Link>
          <Link
            to={paths.notifications}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <Bell className="size-4" aria-hidden="true" />
            {notificationCenterText.menuLink}
          </Link>
          <Link
            to={paths.referrals}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <Gift className="size-4" aria-hidden="true" />
            {referralsText.page.title}
          </Link>
          <Link
            to={paths.corporateAccounts}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <Briefcase className="size-4" aria-hidden="true" />
            {uiText.pages.corporateAccounts.title}
          </Link>
          <Link
            to={paths.supportTickets}
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <LifeBuoy className="size-4" aria-hidden="true" />
            {uiText.nav.support}
          </Link>
          <EnablePushItem />
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900"
          >
            <LogOut className="size-4" aria-hidden="true" />
            {uiText.nav.signOut}
          </button>
        </div>
      ) : null}
    </div>
  );
}
