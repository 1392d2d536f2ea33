import type { ComponentType } from 'react';
import type { PaymentChoice } from '@openride/shared/payments/schemas';
import type { Place, RideType } from '@openride/shared/rides/schemas';

/**
 * The payment method picker the route composes in (the payments feature; features never import each other):
 * it shares the chosen ride type's fare + owed fees between wallet credit and the method (decision 0038).
 */
export type PaymentSlot = ComponentType<{
  currency: string;
  totalCents: number;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  disabled?: boolean;
}>;

/** Per ride type, whether the payment chosen allows it (a company's policy, decision 0067); a hook the route module gives. */
export type RideTypeVerdicts = Record<string, { allowed: boolean; reason: string | null; note: string | null }> | null;
export type UseRideTypeVerdicts = (args: {
  paying: PaymentChoice;
  pickup: Place | null;
  options: { ride_type: RideType; fare_cents: number }[];
}) => RideTypeVerdicts;
export const noVerdicts: UseRideTypeVerdicts = () => null;
