/** Cents in the city's currency, as the page shows them (the code itself when the browser does not know it). */
export const moneyOf = (cents: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
};
