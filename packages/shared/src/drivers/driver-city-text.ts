/** The words of a driver's city (decision 0074): chosen at application, changed on /driver, held when unknown. */
export const driverCityText = {
  /** The refusal (DRIVER_CITY_UNKNOWN) and the hold's reason when a driver's city is not known. */
  unknown: 'We don’t know which city you drive in. Choose your city on your driver page (/driver) before going online.',
  label: 'City',
  choose: 'Choose your city',
  hint: 'The city you will drive in. Its rules decide which papers you need.',
  /** Application refusals (400). */
  required: 'Choose the city you will drive in.',
  notServed: 'Choose one of the cities we serve.',
  /** On /driver and the admin's /driver/{id}. */
  yourCity: 'Your city',
  notChosen: 'Not chosen yet',
  change: 'Change city',
  save: 'Save city',
  cancel: 'Cancel',
  changed: (name: string) => `Your city is now ${name}.`,
  changedOffline: (name: string) => `Your city is now ${name}. You were taken offline until your papers meet its requirements.`,
  changeFailed: "We couldn't change your city",
  requirementsOf: (name: string) => `Requirements of ${name}`,
};
