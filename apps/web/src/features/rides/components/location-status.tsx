import { LocateFixed, LocateOff, Loader2 } from 'lucide-react';
import { driverText } from '@openride/shared/rides/driver-text';
import { cn } from '@/lib/cn';
import type { LocationReport } from '../hooks/use-location-reporting';

const text = driverText.location;

/** What the driver's phone is doing with their position: sharing it, looking for it, or why it cannot. */
export function LocationStatus({ report, className }: { report: LocationReport; className?: string }) {
  if (report.status === 'idle') return null;
  const problem = report.status === 'denied' || report.status === 'unavailable' || report.status === 'unsupported' || report.status === 'imprecise';
  let message: string;
  switch (report.status) {
    case 'sharing':
      message = text.sharing;
      break;
    case 'denied':
      message = text.denied;
      break;
    case 'unavailable':
      message = text.unavailable;
      break;
    case 'unsupported':
      message = text.unsupported;
      break;
    case 'imprecise':
      message = text.imprecise(report.accuracy ?? 0);
      break;
    default:
      message = text.waiting;
  }
  const Icon = report.status === 'sharing' ? LocateFixed : problem ? LocateOff : Loader2;
  return (
    <div
      role={problem ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-2xl px-4 py-3 text-sm',
        problem
          ? 'bg-red-50 text-red-800 ring-1 ring-red-200'
          : report.status === 'sharing'
            ? 'bg-brand-50 text-ink-900 ring-1 ring-brand-500/30'
            : 'bg-ink-50 text-ink-700',
        className,
      )}
    >
      <Icon
        className={cn('mt-0.5 size-5 shrink-0', report.status === 'locating' && 'animate-spin', report.status === 'sharing' && 'text-brand-700')}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p className="font-semibold">{message}</p>
        {report.status === 'sharing' && report.accuracy !== null ? (
          <p className="text-ink-600" aria-hidden="true">
            {text.accuracy(report.accuracy)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
