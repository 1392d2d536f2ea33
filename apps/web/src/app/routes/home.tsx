import { useLoadMyDriver } from '@/features/drivers/api/get-my-driver';
import { HomePage } from '@/features/home/components/home-page';
import { InstallCard } from '@/features/install/components/install-card';
import { NativeAppBanner } from '@/features/install/components/native-app-banner';

/**
 * Home, with the install feature's native-app banner and install card (when the browser offers it), and
 * the drivers feature's record for 'Go Online - Driver'.
 */
export function Component() {
  const loadDriver = useLoadMyDriver();
  return (
    <HomePage
      banner={<NativeAppBanner className="mx-auto block max-w-6xl px-4 py-8 sm:px-6 lg:px-8" />}
      installCard={<InstallCard />}
      loadDriver={loadDriver}
    />
  );
}
