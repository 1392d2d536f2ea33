/** What people read about phone numbers beyond the spec's US strings (those stay in messages.ts). Issue 30 §2. */

/** A country's English name ('Spain'), from the platform's region names; the code itself when unknown. */
export const countryName = (country: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
};

export const phoneText = {
  /** The hint under the phone field for a country other than the US (the US keeps 'US phone numbers only'). */
  countryHint: (country: string) => `${countryName(country)} phone numbers`,
  /** A number the library does not accept as the country's. */
  invalidFor: (country: string) => `Please enter a valid ${countryName(country)} phone number`,
  /** A country code the library does not know. */
  unknownCountry: 'Please choose a country from the list',
  /** The country picker's label and its options ('Spain (+34)'). */
  countryLabel: 'Country',
  countryOption: (country: string, callingCode: string) => `${countryName(country)} (+${callingCode})`,
};
