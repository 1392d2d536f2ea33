/** /staff-2fa (decision 0090): a staff member's two-factor sign-in: set it up, or confirm this session. */
export { TwoFactorPage as Component } from '@/features/staff-two-factor/components/two-factor-page';
