import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import type { DriverRecord } from '../api/get-my-driver';
import { useToggleDriverStatus } from '../hooks/use-toggle-driver-status';

/** Online (green) / Offline (grey) switch for a signed-in user with a driver record. */
export function DriverStatusToggle({ driver, className, labelClassName }: { driver: DriverRecord; className?: string; labelClassName?: string }) {
  const toggle = useToggleDriverStatus();
  const online = driver.status === 'available';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Switch checked={online} aria-label={uiText.a11y.driverStatus} onCheckedChange={(next) => toggle(driver, next)} onClassName="bg-brand-500" />
      <span className={cn('text-sm font-semibold', online ? 'text-brand-700' : 'text-ink-500', labelClassName)}>
        {online ? messages.nav.online : messages.nav.offline}
      </span>
    </div>
  );
}
