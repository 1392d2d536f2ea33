/**
 * The demo city's accounts (docs/decisions/0011-demo-city.md). Known on purpose: the start-up log prints
 * them so anyone can try each role. The demo never runs in production (env.ts refuses DEMO=1 there).
 */

/** One password for every demo account: 8+ characters, upper, lower, digit, not in the leaked-password list. */
export const DEMO_PASSWORD = 'Demo-Ride-415';

export const DEMO_DOMAIN = 'demo.openride.local';
export const DEMO_RIDER_EMAIL = `rider@${DEMO_DOMAIN}`;
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_DOMAIN}`;
/** driver01@…, driver02@…, … driver100@… (two digits at least). */
export const demoDriverEmail = (n: number) => `driver${String(n).padStart(2, '0')}@${DEMO_DOMAIN}`;

/**
 * Phones in the 555 exchange of San Francisco's 415 area code (555 numbers are the ones films use): unique
 * per account, so the demo accounts never collide with each other under the one-phone-one-account rule.
 */
export const DEMO_RIDER_PHONE = '4155550100';
export const DEMO_ADMIN_PHONE = '4155550101';
export const demoDriverPhone = (n: number) => `415555${String(200 + n).padStart(4, '0')}`;

/** The demo city's simulated riders (DEMO_RIDERS, at most 100): not for people to sign in as, but they may. */
export const demoPassengerEmail = (n: number) => `passenger${String(n).padStart(2, '0')}@${DEMO_DOMAIN}`;
export const demoPassengerPhone = (n: number) => `415555${String(800 + n).padStart(4, '0')}`;
export const demoPassengerName = (n: number) => `${FIRST_NAMES[(n * 5 + 11) % FIRST_NAMES.length]} ${LAST_NAMES[(n * 11 + 5) % LAST_NAMES.length]}`;

const FIRST_NAMES = ['Maya', 'Carlos', 'Aisha', 'Ben', 'Lin', 'Diego', 'Priya', 'Sam', 'Fatima', 'Jonah', 'Mei', 'Tomás', 'Grace', 'Omar', 'Hana', 'Luca', 'Zoe', 'Kwame', 'Rosa', 'Ivan', 'Nia', 'Arjun', 'Elena', 'Theo'];
const LAST_NAMES = ['Chen', 'Garcia', 'Okafor', 'Nguyen', 'Patel', 'Kim', 'Rivera', 'Cohen', 'Haddad', 'Silva', 'Tanaka', 'Murphy', 'Ali', 'Novak', 'Santos', 'Park', 'Mensah', 'Lopez', 'Ivanova', 'Singh', 'Moreau', 'Bauer', 'Costa', 'Wong'];

/**
 * Cars San Francisco ride-hail drivers actually drive: hybrids and EVs first. Passenger seats decide XL
 * (6+, the seven-seat Model Y and the Sienna); the model years below decide Comfort (decision 0046), so
 * the demo city has cars of all three classes.
 */
const VEHICLES: ReadonlyArray<{ make: string; model: string; seats: number }> = [
  { make: 'Toyota', model: 'Prius', seats: 4 },
  { make: 'Tesla', model: 'Model 3', seats: 4 },
  { make: 'Toyota', model: 'Camry Hybrid', seats: 4 },
  { make: 'Honda', model: 'Accord Hybrid', seats: 4 },
  { make: 'Hyundai', model: 'Ioniq 5', seats: 4 },
  { make: 'Tesla', model: 'Model Y', seats: 6 },
  { make: 'Kia', model: 'Niro', seats: 4 },
  { make: 'Toyota', model: 'RAV4 Hybrid', seats: 4 },
  { make: 'Chevrolet', model: 'Bolt EUV', seats: 4 },
  { make: 'Honda', model: 'Civic', seats: 4 },
  { make: 'Ford', model: 'Escape Hybrid', seats: 4 },
  { make: 'Toyota', model: 'Sienna', seats: 7 },
];

/** Driver n's passenger seats (not part of the application, which has none: decision 0046). */
export const demoDriverSeats = (n: number) => VEHICLES[(n - 1) % VEHICLES.length]!.seats;
const COLOURS = ['White', 'Black', 'Silver', 'Grey', 'Blue', 'Red', 'Pearl White', 'Midnight Blue'];

export type DemoDriverProfile = {
  email: string;
  full_name: string;
  phone: string;
  license_number: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_year: number;
  vehicle_color: string;
  license_plate: string;
};

/** Driver n (1-based): a name, a car and papers, always the same for the same n. */
export function demoDriverProfile(n: number): DemoDriverProfile {
  const i = n - 1;
  const vehicle = VEHICLES[i % VEHICLES.length]!;
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ'; // no I, O, Q: not on California plates
  const l = (k: number) => letters[Math.floor(i / letters.length ** k) % letters.length]!;
  return {
    email: demoDriverEmail(n),
    full_name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length]}`,
    phone: demoDriverPhone(n),
    // California's format: one letter, seven digits.
    license_number: `D${String(5_100_000 + n * 7_919).padStart(7, '0')}`,
    vehicle_make: vehicle.make,
    vehicle_model: vehicle.model,
    vehicle_year: 2017 + ((i * 3) % 8),
    vehicle_color: COLOURS[(i * 5) % COLOURS.length]!,
    // California's current format: digit, three letters, three digits (e.g. 8ABC123).
    license_plate: `${8 + (i % 2)}${l(2)}${l(1)}${l(0)}${String(100 + ((n * 37) % 900)).padStart(3, '0')}`,
  };
}
