import { useSavedPlaces } from '@/features/account/api/account';
import { BusinessOptions, useBusinessVerdicts } from '@/features/corporate/components/business-payment';
import { PaymentPicker, type PaymentPickerProps, usePaymentPrefetch } from '@/features/payments/components/payment-picker';
import { BookRidePage, type SavedPlaceOption, type UseRideTypeVerdicts } from '@/features/rides/components/book-ride-page';

/**
 * The payments feature's methods with the corporate feature's "Business — <company>" options in the same group
 * (decision 0067): choosing one pays on the company's account, with its expense code when asked.
 */
function Payment(props: PaymentPickerProps) {
  const { value, onChange, currency, disabled } = props;
  return (
    <PaymentPicker
      {...props}
      extra={(name) => (
        <BusinessOptions
          name={name}
          currency={currency}
          disabled={disabled}
          value={value.payment_method === 'business' && value.company_id ? { company_id: value.company_id, expense_code: value.expense_code } : null}
          onChange={(choice) =>
            onChange(
              choice
                ? {
                    payment_method: 'business',
                    company_id: choice.company_id,
                    expense_code: choice.expense_code ?? (value.company_id === choice.company_id ? value.expense_code : undefined),
                  }
                : { payment_method: 'cash' },
            )
          }
        />
      )}
    />
  );
}

/** Per ride type, the company's policy verdict for this trip while Business is the payment chosen. */
const useVerdicts: UseRideTypeVerdicts = ({ paying, pickup, options }) =>
  useBusinessVerdicts(paying.payment_method === 'business' ? (paying.company_id ?? null) : null, pickup, options);

/**
 * /book-ride: the rides feature's page with the payments feature's method picker (Cash, saved cards, Add a
 * card, wallet credit; decision 0038), the corporate feature's Business options and policy verdicts (decision
 * 0067) and the account feature's saved places (Home, Work: offered first in both fields; decision 0058),
 * composed here because features never import each other. The rider's cards and wallet start loading with the
 * page, so the picker is complete when the fares arrive.
 */
export function Component() {
  usePaymentPrefetch();
  const places = useSavedPlaces();
  const saved: SavedPlaceOption[] = (places.data ?? []).map((p) => ({
    key: `saved:${p.kind}`,
    icon: p.kind,
    name: p.address_label,
    detail: p.label,
    lat: p.lat,
    lng: p.lng,
  }));
  return <BookRidePage payment={Payment} savedPlaces={saved} useVerdicts={useVerdicts} />;
}
