import { useState } from 'react';
import { driverCityText as text } from '@openride/shared/drivers/driver-city-text';
import { Button } from '@/components/ui/button';
import { CityPicker } from '@/components/ui/city-picker';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { useChangeDriverCity } from '../api/change-driver-city';

/** A city a driver may choose: the route module hands the served ones in (the public feature's list). */
export type CityOption = { id: string; name: string };

/**
 * /driver: the city the driver drives in (decision 0074), and the way to change it when the marketplace has
 * more than one. Unknown (null): said in red, the picker open — they cannot go online until they choose.
 */
export function DriverCity({ city, cities }: { city: CityOption | null; cities: readonly CityOption[] | undefined }) {
  const change = useChangeDriverCity();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState('');
  const choosable = (cities?.length ?? 0) > (city ? 1 : 0);
  const open = choosable && (editing || city === null);

  const save = () => {
    if (!chosen) return toast({ variant: 'destructive', title: text.changeFailed, description: text.required });
    change.mutate(
      { city_id: chosen },
      {
        onSuccess: (res) => {
          toast({ title: res.taken_offline ? text.changedOffline(res.city.name) : text.changed(res.city.name) });
          setEditing(false);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: text.changeFailed, description: isApiError(error) && error.status < 500 ? error.message : undefined }),
      },
    );
  };

  return (
    <div className="mt-4 space-y-3">
      <dl className="flex flex-wrap items-center gap-3">
        <dt className="text-sm font-medium text-ink-600">{text.yourCity}</dt>
        <dd className={city ? 'font-semibold text-ink-900' : 'font-semibold text-red-700'} data-testid="driver-city">
          {city?.name ?? text.notChosen}
        </dd>
        {choosable && city && !editing ? (
          <dd>
            <Button variant="ghost" size="sm" onClick={() => (setChosen(''), setEditing(true))}>
              {text.change}
            </Button>
          </dd>
        ) : null}
      </dl>
      {city === null ? (
        <p role="status" className="rounded-2xl bg-red-50 p-4 text-sm text-red-900">
          {text.unknown}
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <CityPicker
            className="sm:w-64"
            label={text.choose}
            cities={[{ id: '', name: text.choose }, ...(cities ?? []).filter((c) => c.id !== city?.id)]}
            value={chosen}
            onChange={setChosen}
          />
          <Button onClick={save} disabled={change.isPending}>
            {text.save}
          </Button>
          {city ? (
            <Button variant="ghost" onClick={() => setEditing(false)} disabled={change.isPending}>
              {text.cancel}
            </Button>
          ) : null}
        </div>
      ) : null}
      {open ? <p className="text-sm text-ink-500">{text.hint}</p> : null}
    </div>
  );
}
