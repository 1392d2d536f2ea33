/**
 * The support categories (issue 15), stated once: a ticket's category, the procedure an admin follows for
 * it (/support-procedures) and the labels people read. The order is the order every list shows them in.
 */
export const SUPPORT_CATEGORIES = ['lost_item', 'fare_payment', 'safety', 'behaviour', 'app_problem', 'account', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const supportCategoryLabels: Record<SupportCategory, string> = {
  lost_item: 'Lost item',
  fare_payment: 'Fare or payment',
  safety: 'Safety',
  behaviour: 'Driver or rider behaviour',
  app_problem: 'App problem',
  account: 'Account',
  other: 'Other',
};

export const isSupportCategory = (value: string): value is SupportCategory => (SUPPORT_CATEGORIES as readonly string[]).includes(value);
