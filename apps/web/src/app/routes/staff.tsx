/** /staff (issue 29 §2, decision 0089): the owners' page of staff, roles, cities and invitations. */
export { StaffPage as Component } from '@/features/staff/components/staff-page';
