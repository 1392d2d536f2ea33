import { fromMinutes, type ScheduleBlock, toMinutes } from '@openride/shared/schedule/schemas';

/**
 * The demo city's accounts (docs/decisions/0011-demo-city.md). Known on purpose: the start-up log prints
 * them so anyone can try each role. The demo never runs in production (env.ts refuses DEMO=1 there).
 */

/** One password for every demo account: 8+ characters, upper, lower, digit, not in the leaked-password list. */
export const DEMO_PASSWORD = 'Demo-Ride-415';

export const DEMO_DOMAIN = 'demo.openride.local';
export const DEMO_RIDER_EMAIL = `rider@${DEMO_DOMAIN}`;
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_DOMAIN}`;
/** The demo company's company admin (decision 0067): manages Acme Logistics on /corporate-accounts. */
export const DEMO_COMPANY_ADMIN_EMAIL = `company-admin@${DEMO_DOMAIN}`;
export const DEMO_COMPANY_ADMIN_PHONE = '4155550102';
/**
 * One demo staff member per role but the owner (the demo admin is the owner, decision 0089): operations@…,
 * support@…, finance@…, compliance@…, marketing@…, each of every city, to try what each role sees.
 */
export const DEMO_STAFF_ROLES = ['operations', 'support', 'finance', 'compliance', 'marketing'] as const;
export const demoStaffEmail = (role: (typeof DEMO_STAFF_ROLES)[number]) => `${role}@${DEMO_DOMAIN}`;
export const demoStaffPhone = (i: number) => `415555${String(110 + i).padStart(4, '0')}`;
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

const FIRST_NAMES = [
  'Maya',
  'Carlos',
  'Aisha',
  'Ben',
  'Lin',
  'Diego',
  'Priya',
  'Sam',
  'Fatima',
  'Jonah',
  'Mei',
  'Tomás',
  'Grace',
  'Omar',
  'Hana',
  'Luca',
  'Zoe',
  'Kwame',
  'Rosa',
  'Ivan',
  'Nia',
  'Arjun',
  'Elena',
  'Theo',
];
const LAST_NAMES = [
  'Chen',
  'Garcia',
  'Okafor',
  'Nguyen',
  'Patel',
  'Kim',
  'Rivera',
  'Cohen',
  'Haddad',
  'Silva',
  'Tanaka',
  'Murphy',
  'Ali',
  'Novak',
  'Santos',
  'Park',
  'Mensah',
  'Lopez',
  'Ivanova',
  'Singh',
  'Moreau',
  'Bauer',
  'Costa',
  'Wong',
];

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

/** The demo city: San Francisco (migration 0004). Its time zone is the one the demo drivers' weeks are in. */
export const DEMO_CITY_ID = 'sf';

type DemoWeekBlock = ScheduleBlock;
/** Days as numbers: 0 = Sunday … 6 = Saturday (decision 0047). */
const WEEKDAYS_MON_FRI = [1, 2, 3, 4, 5];
const on = (days: number[], start: string, end: string): DemoWeekBlock[] => days.map((weekday) => ({ weekday, start, end }));

/**
 * The weeks ride-hail drivers actually keep: commuters around the morning and evening peaks, full-timers,
 * weekenders, and night drivers whose shifts cross midnight — two blocks each (Fri 20:00–24:00 and
 * Sat 00:00–03:00), as decision 0047 stores them. Driver n keeps week (n − 1) mod 8, so the first three
 * (the tests' demo) have a morning, an evening and a night shift.
 */
const DEMO_WEEKS: ReadonlyArray<DemoWeekBlock[]> = [
  // The morning commuter, and Saturday mornings.
  [...on(WEEKDAYS_MON_FRI, '06:00', '11:00'), ...on([6], '08:00', '12:00')],
  // The evening peak.
  on(WEEKDAYS_MON_FRI, '15:30', '21:00'),
  // Weekend nights: Thursday to Saturday evenings into the small hours of the next day.
  [...on([4, 5, 6], '20:00', '24:00'), ...on([5, 6, 0], '00:00', '03:00')],
  // The split shift: both peaks, a break between.
  [...on(WEEKDAYS_MON_FRI, '06:30', '09:30'), ...on(WEEKDAYS_MON_FRI, '16:00', '19:30')],
  // The weekender: Friday night, Saturday, Sunday daytime.
  [...on([5], '17:00', '24:00'), ...on([6], '00:00', '02:00'), ...on([6], '10:00', '18:00'), ...on([0], '09:00', '15:00')],
  // The full-timer, Tuesday to Saturday.
  on([2, 3, 4, 5, 6], '09:00', '17:30'),
  // Late evenings, Sunday to Thursday.
  [...on([0], '14:00', '20:00'), ...on([1, 2, 3, 4], '18:00', '23:00')],
  // The weeknight night shift: Monday to Wednesday nights, 22:00 to 05:00.
  [...on([1, 2, 3], '22:00', '24:00'), ...on([2, 3, 4], '00:00', '05:00')],
];
/** Later cycles of the eight weeks start and end a little apart, so not every eighth driver is a copy. */
const WEEK_OFFSETS_MIN = [0, 30, -30, 60];

/**
 * Driver n's weekly schedule, in the demo city's local time: always the same for the same n. Blocks that
 * touch midnight (halves of a night shift) never move, so the two halves stay joined.
 */
export function demoDriverWeek(n: number): DemoWeekBlock[] {
  const week = DEMO_WEEKS[(n - 1) % DEMO_WEEKS.length]!;
  const offset = WEEK_OFFSETS_MIN[Math.floor((n - 1) / DEMO_WEEKS.length) % WEEK_OFFSETS_MIN.length]!;
  return week.map((b) => {
    const [start, end] = [toMinutes(b.start), toMinutes(b.end)];
    if (start === 0 || end === 24 * 60) return { ...b };
    return { weekday: b.weekday, start: fromMinutes(start + offset), end: fromMinutes(Math.min(24 * 60, end + offset)) };
  });
}
