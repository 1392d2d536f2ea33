import { useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { AdminSupportQueue } from './admin-support-queue';
import { AdminTicketView, type ProcedurePanel } from './admin-ticket-view';
import { UserSupport } from './user-support';

export type { ProcedurePanel };

/**
 * /support-tickets (decision 0055): one path, two readers. Staff who handle support (decision 0089) see the queue and, with `?ticket=ID`, one
 * ticket to work (with `procedurePanel` beside it, filled by the route module); a rider or driver their own
 * tickets, the form and the conversation.
 */
export function SupportTicketsPage({ procedurePanel }: { procedurePanel?: ProcedurePanel } = {}) {
  const me = useMe();
  const agent = useCan('support.handle');
  const [params] = useSearchParams();
  if (me.isPending) return <LoadingScreen />;
  if (agent) {
    const ticket = params.get('ticket');
    return ticket ? <AdminTicketView id={ticket} backTo="/support-tickets" procedurePanel={procedurePanel} /> : <AdminSupportQueue />;
  }
  return <UserSupport as={me.data?.role === 'driver' ? 'driver' : 'rider'} />;
}
