import { Link } from 'react-router';
import { messages } from '@openride/shared/messages';
import { buttonClasses } from '@/components/ui/button-classes';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { Me } from '@/lib/session';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import type { DriverRecord } from '@/features/drivers/api/get-my-driver';
import { DriverStatusToggle } from '@/features/drivers/components/driver-status-toggle';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

/**
 * The top navigation's signed-in half, loaded only for someone signed in (decision 0012): a visitor's
 * first page does without the bell, the account menu, the driver switch and their APIs.
 */

/** Signed-in actions: 'Go Online' + status switch with a driver record, 'Book a Ride' otherwise. */
export function RoleActions({
  driver,
  onNavigate,
  className,
  compact,
  size = 'sm',
}: {
  driver: DriverRecord | null | undefined;
  onNavigate?: () => void;
  className?: string;
  /** Between md and lg the status word is dropped so the bar fits; the switch colour and state remain. */
  compact?: boolean;
  size?: 'sm' | 'lg';
}) {
  if (driver === undefined) return null;
  if (driver) {
    return (
      <div className={cn('flex items-center justify-between gap-2 lg:gap-3', className)}>
        <Link to={paths.driverActive} onClick={onNavigate} className={buttonClasses({ variant: 'accent', size })}>
          {/* The spec's label, online or not (decision 0030): the switch beside it says which. */}
          {messages.nav.goOnline}
        </Link>
        <DriverStatusToggle driver={driver} labelClassName={compact ? 'md:max-lg:sr-only' : undefined} />
      </div>
    );
  }
  return (
    <Link to={paths.bookRide} onClick={onNavigate} className={buttonClasses({ variant: 'primary', size, className })}>
      {messages.nav.bookRide}
    </Link>
  );
}

/** Right side of the bar when signed in: role actions (md and up), the bell, the account menu. */
export function SignedInControls({ me, driver }: { me: Me; driver: DriverRecord | null | undefined }) {
  const signOut = useSignOut();
  return (
    <>
      <div className="hidden md:block">
        <RoleActions driver={driver} compact />
      </div>
      <NotificationBell />
      <UserMenu me={me} onSignOut={() => void signOut()} />
    </>
  );
}
