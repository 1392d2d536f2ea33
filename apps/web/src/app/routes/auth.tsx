export { AuthScreen as Component } from '@/features/auth/components/auth-screen';
