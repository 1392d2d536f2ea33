/** Integer minor units as the city's currency reads them: 1500, 'USD' → $15.00. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
