import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/session';
import { useCan } from '@/lib/staff';
import { AdminVehicles } from './admin-vehicles';
import { DriverVehicles, type VehicleSlot } from './driver-vehicles';

/**
 * /vehicles (decision 0046): one path, two readers. Staff who may read vehicles (decision 0089) see the verification queue and the ride-type
 * rules; a driver their own vehicles; anyone else signed in goes to /driver (the page about driving).
 * `vehicleSlot` renders more on each of the driver's vehicle cards (the route module composes another
 * feature's section there, e.g. insurance: features never import each other).
 */
export function VehiclesPage({ vehicleSlot }: { vehicleSlot?: VehicleSlot } = {}) {
  const me = useMe();
  const staffView = useCan('vehicle.read');
  if (me.isPending) return <LoadingScreen />;
  if (staffView) return <AdminVehicles />;
  if (me.data?.role === 'driver') return <DriverVehicles vehicleSlot={vehicleSlot} />;
  return <Navigate to={paths.driver} replace />;
}
