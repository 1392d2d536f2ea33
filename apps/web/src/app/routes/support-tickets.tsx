import { SupportTicketsPage } from '@/features/support/components/support-tickets-page';

/**
 * /support-tickets (decision 0055): the support feature's page. `procedurePanel` (beside an admin's ticket)
 * is where the support procedures feature's panel goes once it lands: features never import each other.
 */
export function Component() {
  return <SupportTicketsPage />;
}
