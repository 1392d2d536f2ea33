import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import { publicText } from '@openride/shared/public/public-text';
import type { PublicCity } from '@openride/shared/public/views';
import { uiText } from '@openride/shared/ui-text';
import { MapWhenVisible } from '@/components/map/map-when-visible';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { usePublicCities } from '../api/get-public-cities';
import { usePublicPricing } from '../api/get-public-pricing';
import { areasForMap } from '../lib/format';
import { CityChooser, useChosenCity } from './city-chooser';
import { FromPrice, RideTypeCard } from './ride-type-card';

const text = publicText.services;
const AREA_FILL = '#16a34a';

/**
 * /services (public; decision 0036): the ride types of the chosen city (seats, what each is for, the lowest
 * fare of the city default in force), the cities served and a map of their service areas — a map that loads
 * no map library until it scrolls into view.
 */
export function ServicesPage() {
  const page = uiText.pages.services;
  const cities = usePublicCities();
  const { city, choose } = useChosenCity(cities.data?.cities);
  const pricing = usePublicPricing(city?.id ?? null);

  const rideTypes = (
    <QueryView query={cities} loadFailed={text.loadFailed} isEmpty={() => !city} empty={publicText.pricing.noCities}>
      {() => (
        <QueryView query={pricing} loadFailed={text.loadFailed}>
          {(data) => (
            <div className="grid gap-4 md:grid-cols-3">
              {data.ride_types.map((r) => (
                <RideTypeCard key={r.ride_type} rideType={r}>
                  <FromPrice rideType={r} currency={data.city.currency} />
                </RideTypeCard>
              ))}
            </div>
          )}
        </QueryView>
      )}
    </QueryView>
  );

  return (
    <PageContainer>
      <PageHeading title={page.title} description={text.intro}>
        {city && cities.data ? <CityChooser cities={cities.data.cities} value={city.id} onChange={choose} /> : null}
      </PageHeading>
      <div className="space-y-12">
        <section aria-labelledby="services-types" className="space-y-4">
          <h2 id="services-types" className="text-2xl font-bold tracking-tight text-ink-900">
            {text.rideTypes}
          </h2>
          {rideTypes}
          <Link to={city ? `${paths.pricing}?city=${encodeURIComponent(city.id)}` : paths.pricing} className={buttonClasses({ variant: 'outline' })}>
            {text.seePricing}
          </Link>
        </section>
        {cities.data && cities.data.cities.length > 0 ? <WhereWeDrive cities={cities.data.cities} city={city} /> : null}
      </div>
    </PageContainer>
  );
}

function WhereWeDrive({ cities, city }: { cities: readonly PublicCity[]; city: PublicCity | null }) {
  const shown = city ?? cities[0]!;
  return (
    <section aria-labelledby="services-cities" className="space-y-4">
      <div className="space-y-1">
        <h2 id="services-cities" className="text-2xl font-bold tracking-tight text-ink-900">
          {text.cities}
        </h2>
        <p className="text-ink-600">{text.citiesIntro}</p>
      </div>
      <ul className="flex flex-wrap gap-2">
        {cities.map((c) => (
          <li key={c.id} className="inline-flex items-center gap-1.5 rounded-full bg-ink-50 px-3 py-1.5 text-sm text-ink-800">
            <MapPin className="size-4 text-brand-600" aria-hidden="true" />
            <span className="font-medium">{c.name}</span>
            <span className="text-ink-600">· {text.areas(c.service_area.features.length)}</span>
          </li>
        ))}
      </ul>
      <MapWhenVisible
        key={shown.id}
        className="h-80 rounded-3xl sm:h-96"
        placeholder={text.mapPlaceholder}
        label={text.map(shown.name)}
        areas={areasForMap(shown.service_area, AREA_FILL)}
        center={{ lat: shown.center.lat, lng: shown.center.lng }}
        fitOnce
      />
    </section>
  );
}
