import { DriverActivePage } from '@/features/drivers/components/driver-active-page';
import { DriverWorkPanel } from '@/features/rides/components/driver-work-panel';

/** /driver-active: the drivers feature's gate and switch, with the rides feature's offers and current ride. */
export function Component() {
  return (
    <DriverActivePage workPanel={(driver, parts) => <DriverWorkPanel driverId={driver.id} online={driver.online} top={parts.top} bottom={parts.bottom} />} />
  );
}
