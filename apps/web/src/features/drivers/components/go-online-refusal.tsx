import { Alert } from '@/components/ui/alert';
import { Link } from 'react-router';
import type { GoOnlineRefusal } from '../hooks/use-toggle-driver-status';

/** A refusal to go online (decision 0081), where the switch is: why, and the link to the fix (none: wait). */
export function GoOnlineRefusalNotice({ refusal }: { refusal: GoOnlineRefusal | null }) {
  if (!refusal) return null;
  return (
    <Alert as="div" tone="box" data-testid="go-online-refusal" data-code={refusal.code} className="mt-4">
      <p className="font-semibold">{refusal.title}</p>
      <p className="mt-1">{refusal.message}</p>
      {refusal.fix ? (
        <Link to={refusal.fix.to} className="mt-2 inline-block font-semibold underline">
          {refusal.fix.label}
        </Link>
      ) : null}
    </Alert>
  );
}
