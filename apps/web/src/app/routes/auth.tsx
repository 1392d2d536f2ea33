import { AuthScreen } from '@/features/auth/components/auth-screen';
import { useLoadMyDriver } from '@/features/drivers/api/get-my-driver';

/** /auth, whose post-login redirect reads the drivers feature's record. */
export function Component() {
  return <AuthScreen loadDriver={useLoadMyDriver()} />;
}
