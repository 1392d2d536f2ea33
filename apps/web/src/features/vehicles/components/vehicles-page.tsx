import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/session';
import { AdminVehicles } from './admin-vehicles';
import { DriverVehicles } from './driver-vehicles';

/**
 * /vehicles (decision 0046): one path, two readers. An admin sees the verification queue and the ride-type
 * rules; a driver their own vehicles; anyone else signed in goes to /driver (the page about driving).
 */
export function VehiclesPage() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.data?.isAdmin) return <AdminVehicles />;
  if (me.data?.role === 'driver') return <DriverVehicles />;
  return <Navigate to={paths.driver} replace />;
}
