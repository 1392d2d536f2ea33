/** /staff-invitation?token=… (decision 0089): accept an invitation to the staff, signed in. */
export { StaffInvitationPage as Component } from '@/features/staff/components/staff-invitation-page';
