export { ResetAdminPasswordPage as Component } from '@/features/auth/components/reset-admin-password-page';
