import { InsuranceVehicleSection } from '@/features/compliance/components/insurance-vehicle-section';
import { VehiclesPage } from '@/features/vehicles/components/vehicles-page';

/** /vehicles: the vehicles feature's page, with the insurance section (compliance feature) on each driver's card (decision 0052). */
export function Component() {
  return <VehiclesPage vehicleSlot={(v) => <InsuranceVehicleSection vehicleId={v.id} name={v.name} />} />;
}
