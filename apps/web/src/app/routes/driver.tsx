import { usePublicCities } from '@/features/public/api/get-public-cities';
import { PapersNeeded } from '@/features/compliance/components/papers-needed';
import { DriverApplicationPage } from '@/features/drivers/components/driver-application-page';

/**
 * /driver: the drivers feature's page, given the cities served (the public feature's list) to choose from
 * (decision 0074) and, for an approved driver, the compliance feature's papers still needed (decision 0081).
 */
export function Component() {
  const cities = usePublicCities();
  return <DriverApplicationPage cities={cities.data?.cities.map((c) => ({ id: c.id, name: c.name }))} papersNeeded={<PapersNeeded />} />;
}
