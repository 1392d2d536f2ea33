import type { ReactNode } from 'react';
import { publicText } from '@openride/shared/public/public-text';
import type { PublicPricing } from '@openride/shared/public/views';
import { formatMultiplier } from '@openride/shared/surge/surge';
import { uiText } from '@openride/shared/ui-text';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { usePublicCities } from '../api/get-public-cities';
import { usePublicPricing } from '../api/get-public-pricing';
import { cancellationWords } from '../lib/format';
import { CityChooser, useChosenCity } from './city-chooser';
import { FareEstimator, type PlaceInput } from './fare-estimator';
import { RideTypeCard, RideTypeFormula } from './ride-type-card';

const text = publicText.pricing;

/** A titled part of the page: a region named by its heading. */
function Part({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="space-y-1">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink-900">
          {title}
        </h2>
        {intro ? <p className="max-w-2xl text-ink-600">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * /pricing (public; decision 0036): for the chosen city (?city=, else the first), each ride type's fare formula
 * from the policy version in force and its zones' own prices, a fare estimator (the rider's quote for two
 * places, surge included), how surge works with the city's numbers, and the cancellation and no-show rules.
 * Everything comes from /api/public/*, which reads what the server prices with.
 */
export function PricingPage({ placeInput }: { placeInput: PlaceInput }) {
  const page = uiText.pages.pricing;
  const cities = usePublicCities();
  const { city, choose } = useChosenCity(cities.data?.cities);
  const pricing = usePublicPricing(city?.id ?? null);

  const body = (
    <QueryView query={cities} loadFailed={text.cityLoadFailed} isEmpty={() => !city} empty={text.noCities}>
      {() => (
        <QueryView query={pricing} loadFailed={text.loadFailed}>
          {(data) => <PricingOf pricing={data} placeInput={placeInput} />}
        </QueryView>
      )}
    </QueryView>
  );

  return (
    <PageContainer className="max-w-4xl">
      <PageHeading title={page.title} description={page.text}>
        {city && cities.data ? <CityChooser cities={cities.data.cities} value={city.id} onChange={choose} /> : null}
      </PageHeading>
      {body}
    </PageContainer>
  );
}

function PricingOf({ pricing, placeInput }: { pricing: PublicPricing; placeInput: PlaceInput }) {
  const { currency } = pricing.city;
  const surge = pricing.surge;
  const withRules = pricing.ride_types.filter((r) => r.cancellation);
  return (
    <div className="space-y-12">
      <Part id="fares-heading" title={text.rideTypes} intro={text.rideTypesIntro}>
        {pricing.ride_types.length === 0 ? (
          <QueryEmpty>{text.noRideTypes}</QueryEmpty>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {pricing.ride_types.map((r) => (
              <RideTypeCard key={r.ride_type} rideType={r}>
                <RideTypeFormula rideType={r} currency={currency} />
              </RideTypeCard>
            ))}
          </div>
        )}
      </Part>

      <Part id="estimate-part" title={text.estimator} intro={text.estimatorIntro}>
        <div className="rounded-3xl border border-ink-200 bg-white p-4 shadow-xs sm:p-6">
          <FareEstimator placeInput={placeInput} />
        </div>
      </Part>

      <Part id="surge-heading" title={publicText.surge.title}>
        <div className="space-y-2 text-ink-700">
          {publicText.surge.sentences(surge).map((s) => (
            <p key={s}>{s}</p>
          ))}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="rounded-2xl bg-ink-50 p-3">
            <dt className="text-sm text-ink-600">{publicText.surge.floor}</dt>
            <dd className="text-xl font-bold text-ink-900">{formatMultiplier(surge.floor_tenths)}</dd>
          </div>
          <div className="rounded-2xl bg-ink-50 p-3">
            <dt className="text-sm text-ink-600">{publicText.surge.cap}</dt>
            <dd className="text-xl font-bold text-ink-900">{formatMultiplier(surge.cap_tenths)}</dd>
          </div>
          <div className="col-span-2 rounded-2xl bg-ink-50 p-3 sm:col-span-1">
            <dt className="text-sm text-ink-600">{publicText.surge.never}</dt>
            <dd className="font-semibold text-ink-900">{publicText.surge.neverList}</dd>
          </div>
        </dl>
        {surge.zones.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-ink-900">{publicText.surge.zonesNow}</h3>
            <ul className="mt-1 space-y-1 text-sm text-ink-700">
              {surge.zones.map((z) => (
                <li key={z.zone_id}>{publicText.surge.zoneNow(z.name, formatMultiplier(z.multiplier_tenths))}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Part>

      <Part id="cancellation-heading" title={publicText.cancellation.title} intro={publicText.cancellation.intro}>
        {withRules.length === 0 ? (
          <p className="text-ink-700">{text.cancellationNone}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {withRules.map((r) => (
              <div key={r.ride_type} className="rounded-3xl border border-ink-200 p-5">
                <h3 className="text-lg font-semibold text-ink-900">{r.name}</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-700">
                  {cancellationWords(r.cancellation!, currency).map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </Part>
    </div>
  );
}
