import { AsYouType, type CountryCode, getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { PHONE_DIGITS } from './constants';
import { messages } from './messages';
import { phoneText } from './phone-text';

/**
 * Phone numbers of any country (issue 30 §2, decision 0094), stored in E.164 (`+14155550100`). The US keeps the
 * spec's rules exactly (§5: 10 digits, (###) ###-####, 'US phone numbers only'); every other country takes its
 * numbers as libphonenumber-js knows them (length, validity, format as you type).
 */

/** An ISO 3166-1 alpha-2 country the library has numbers for. */
export type PhoneCountry = CountryCode;

/** The spec's country, the deployment default unless DEFAULT_COUNTRY says otherwise. */
export const US: PhoneCountry = 'US';

export const isPhoneCountry = (country: unknown): country is PhoneCountry => typeof country === 'string' && isSupportedCountry(country);

/** Every country the library knows, with its calling code, sorted by English name: the country picker's options. */
export function phoneCountries(): { country: PhoneCountry; callingCode: string; label: string }[] {
  return getCountries()
    .map((country) => {
      const callingCode = getCountryCallingCode(country);
      return { country, callingCode, label: phoneText.countryOption(country, callingCode) };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** §5: digits only, at most 10 kept (the US). Another country keeps up to 15 digits (E.164's maximum). */
export const phoneDigits = (input: string, country: PhoneCountry = US) => input.replace(/\D/g, '').slice(0, country === US ? PHONE_DIGITS : 15);

const formatUsDigits = (d: string) => {
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
};

/**
 * What the phone field shows while typing. US: §5's (###) ###-####, progressively, 10 digits at most. Another
 * country: the library's as-you-type format (a leading + starts an international number).
 */
export function formatPhoneInput(input: string, country: PhoneCountry = US): string {
  if (country === US) return formatUsDigits(phoneDigits(input));
  const kept = (input.trimStart().startsWith('+') ? '+' : '') + phoneDigits(input, country);
  return kept ? new AsYouType(country).input(kept) : '';
}

/**
 * Account settings' phone fields (not the spec's Phone tab): a number starting with + is formatted as the
 * international number it is; anything else as the country's, the US's (###) ###-#### by default.
 */
export function formatTypedPhone(input: string, country: PhoneCountry = US): string {
  if (!input.trimStart().startsWith('+')) return formatPhoneInput(input, country);
  return new AsYouType().input(`+${input.replace(/\D/g, '').slice(0, 15)}`);
}

/** The hint under the phone field: the spec's 'US phone numbers only', else the country's ('Spain phone numbers'). */
export const phoneHint = (country: PhoneCountry = US) => (country === US ? messages.auth.usPhoneOnly : phoneText.countryHint(country));

/** The refusal of a number that is not the country's: the spec's 10-digit message for the US. */
export const invalidPhoneMessage = (country: PhoneCountry = US) => (country === US ? messages.errors.invalidPhone.text : phoneText.invalidFor(country));

export type ParsedPhone = { ok: true; e164: string; country: PhoneCountry | undefined } | { ok: false; error: string };

/**
 * A number as typed, read in `country` (the field's country, else the deployment's): its E.164 form, or why not.
 * US without a leading +: exactly 10 digits, as the spec sends them (no area-code check, as before). A leading +
 * is an international number whatever the country: NANP (+1) needs 10 digits after it, others the library's
 * validity.
 */
export function parsePhone(input: string, country: PhoneCountry = US): ParsedPhone {
  const refuse = (): ParsedPhone => ({ ok: false, error: invalidPhoneMessage(country) });
  if (typeof input !== 'string' || input.length > 64) return refuse();
  const international = input.trimStart().startsWith('+');
  const digits = input.replace(/\D/g, '');
  if (!international && country === US) return digits.length === PHONE_DIGITS ? { ok: true, e164: `+1${digits}`, country: US } : refuse();
  if (international && digits.startsWith('1')) return digits.length === PHONE_DIGITS + 1 ? { ok: true, e164: `+${digits}`, country: US } : refuse();
  const parsed = parsePhoneNumberFromString(input, international ? undefined : country);
  if (!parsed?.isValid()) return refuse();
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/** E.164 or nothing: what a stored or typed number is dialled at (SMS, calls). */
export const toE164 = (input: string | null | undefined, country: PhoneCountry = US): string | null => {
  if (!input) return null;
  const parsed = parsePhone(input, country);
  return parsed.ok ? parsed.e164 : null;
};

/**
 * A stored number for people to read: a +1 number as the spec shows it, (415) 555-0100; any other E.164 number
 * in the library's international format (+34 612 34 56 78); anything else as it was stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (/^\+1\d{10}$/.test(phone)) return formatUsDigits(phone.slice(2));
  if (!phone.startsWith('+')) return phone;
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * A stored number put back into a form field (the driver application's prefill): a +1 number as the spec's 10
 * digits, any other E.164 number as `formatPhone` shows it, anything else as stored.
 */
export function phoneForInput(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\+1\d{10}$/.test(phone) ? phone.slice(2) : formatPhone(phone);
}

/** §5 masking helper: only the last 4 digits as ***-***-1234; 'N/A' if empty; unchanged under 4 digits. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return 'N/A';
  const d = phone.replace(/\D/g, '');
  if (d.length < 4) return phone;
  return `***-***-${d.slice(-4)}`;
}
