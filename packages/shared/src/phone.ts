import { PHONE_DIGITS } from './constants';

/** §5: digits only, at most 10 kept. */
export const phoneDigits = (input: string) => input.replace(/\D/g, '').slice(0, PHONE_DIGITS);

/** §5: displayed as (###) ###-####, formatted progressively while typing. */
export function formatPhoneInput(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** §5 masking helper: only the last 4 digits as ***-***-1234; 'N/A' if empty; unchanged under 4 digits. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return 'N/A';
  const d = phone.replace(/\D/g, '');
  if (d.length < 4) return phone;
  return `***-***-${d.slice(-4)}`;
}
