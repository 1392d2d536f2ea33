/** Money typed in the city's currency (dollars and cents), minor units sent (empty: none). */
export const toCents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 100));
export const fromCents = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
