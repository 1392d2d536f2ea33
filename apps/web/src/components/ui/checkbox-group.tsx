import { useId } from 'react';
import { type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { RIDE_TYPE_NAMES, RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';

export type CheckboxOption<V extends string | number> = { value: V; label: string };

/**
 * A fieldset of checkboxes on the surrounding `<Form>` whose field is an array of the checked values (ride
 * types, zones, days). A value checked is added at the end, or in the options' order with `optionOrder`; the
 * schema's message is shown under the boxes and tied to the fieldset.
 */
export function CheckboxGroupField<T extends FieldValues, V extends string | number>({
  legend,
  disabled,
  className,
  legendClassName = 'text-sm font-medium text-ink-800',
  ...list
}: CheckboxListProps<T, V> & {
  legend: string;
  disabled?: boolean;
  className?: string;
  /** `sr-only` where the boxes sit under a heading of their own. */
  legendClassName?: string;
}) {
  const errorId = `${useId()}-error`;
  const { getFieldState, formState } = useFormContext<T>();
  const failed = Boolean(getFieldState(list.name, formState).error);
  return (
    <fieldset className={className} disabled={disabled} aria-describedby={failed ? errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      <CheckboxListField {...list} errorId={errorId} />
    </fieldset>
  );
}

type CheckboxListProps<T extends FieldValues, V extends string | number> = {
  name: FieldPath<T>;
  options: readonly CheckboxOption<V>[];
  optionOrder?: boolean;
  listClassName?: string;
  labelClassName?: string;
  errorId?: string;
};

/** The boxes of `CheckboxGroupField` and the field's message, for a fieldset the page draws itself (its legend above a list still loading). */
export function CheckboxListField<T extends FieldValues, V extends string | number>({
  name,
  options,
  optionOrder = false,
  listClassName = 'flex flex-wrap gap-3',
  labelClassName = 'inline-flex min-h-11 items-center gap-2 text-sm',
  errorId,
}: CheckboxListProps<T, V>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const checked = (field.value ?? []) as V[];
  const toggle = (value: V, on: boolean) => {
    const next = on ? [...checked, value] : checked.filter((v) => v !== value);
    field.onChange(optionOrder ? options.map((o) => o.value).filter((v) => next.includes(v)) : next);
  };
  return (
    <>
      <div className={listClassName}>
        {options.map((o) => (
          <label key={o.value} className={labelClassName}>
            <input
              type="checkbox"
              className="size-4"
              checked={checked.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              onBlur={field.onBlur}
            />
            {o.label}
          </label>
        ))}
      </div>
      {fieldState.error?.message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {fieldState.error.message}
        </p>
      ) : null}
    </>
  );
}
const RIDE_TYPE_OPTIONS: readonly CheckboxOption<RideType>[] = RIDE_TYPES.map((t) => ({ value: t, label: RIDE_TYPE_NAMES[t] }));

/** The ride types, one checkbox each (a company's policy, a promotion): `name` is the form's array of ride types. */
export function RideTypeChecks<T extends FieldValues>(props: { name: FieldPath<T>; legend: string; disabled?: boolean; className?: string }) {
  return <CheckboxGroupField<T, RideType> {...props} options={RIDE_TYPE_OPTIONS} />;
}
