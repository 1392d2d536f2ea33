import { ProcedurePanel } from '@/features/procedures/components/procedure-panel';
import { SupportTicketsPage } from '@/features/support/components/support-tickets-page';

/**
 * /support-tickets (decision 0055): the support feature's page, with the procedures feature's panel (decision
 * 0056: the category's steps and canned replies, Insert puts one in the reply box) beside an admin's ticket.
 * Composed here: features never import each other.
 */
export function Component() {
  return <SupportTicketsPage procedurePanel={({ category, insert }) => <ProcedurePanel category={category} insert={insert} />} />;
}
