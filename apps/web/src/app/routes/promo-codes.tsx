import { PromoCodesPage } from '@/features/promotions/components/promo-codes-page';

/** /promo-codes (issue 16, decision 0063): the promotions feature's admin page. */
export function Component() {
  return <PromoCodesPage />;
}
