// Over 400 lines: the type of every table the server reads and writes, one interface per table, in one place so
// Kysely checks every query against the same picture of the database; split, the tables would import each other.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: written as a JSON string (pg and PGlite both take it), read back parsed. */
type Json = ColumnType<unknown, string, string>;

/** better-auth's tables (its default camelCase columns). */
export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
export type SessionTable = {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
};
export type AccountTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};
export type VerificationTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type UserRolesTable = {
  user_id: string;
  role: 'user' | 'driver' | 'admin';
  created_at: Generated<Date>;
};
export type ProfilesTable = {
  id: string;
  full_name: string | null;
  phone: string | null;
  push_token: string | null;
  /** Set when the owner proved the phone with a one-time code; cleared when the phone changes. */
  phone_verified_at: Timestamp | null;
  /** Blocked by an admin: no new ride requests (migration 0007). */
  blocked_at: Timestamp | null;
  blocked_reason: string | null;
  /** The profile photo, a `profile_avatar` file (migration 0027). */
  avatar_file_id: Generated<string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
export type NotificationsTable = {
  id: Generated<string>;
  user_id: string;
  type: 'success' | 'warning' | 'error' | 'other';
  title: string;
  message: string;
  is_read: Generated<boolean>;
  booking_id: string | null;
  created_at: Generated<Date>;
  /** What it is about (migration 0028, decision 0059): the center filters by it. */
  kind: Generated<NotificationKind>;
  /** Where it opens in the app (a path), when not the ride of `booking_id`. */
  link: Generated<string | null>;
};
export type NotificationKind = 'ride' | 'payment' | 'promotion' | 'safety' | 'document' | 'support' | 'account';
export type DriversTable = {
  id: Generated<string>;
  user_id: string;
  status: Generated<'available' | 'offline'>;
  verification_status: Generated<'pending' | 'approved' | 'rejected'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  full_name: string;
  phone: string;
  license_number: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_year: number;
  vehicle_color: string;
  license_plate: string;
  rejection_reason: string | null;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  /** Suspended by an admin: offline and cannot go online (migration 0007). */
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
  /** The city they drive in, chosen at application (migration 0043, decision 0074); null: unknown, held from going online. */
  city_id: string | null;
};
export type PhoneOtpsTable = {
  /** E.164 (migration 0051). */
  phone: string;
  /** HMAC-SHA256 (hex) of phone and code; the code itself is never stored. */
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  created_at: Generated<Date>;
};
export type PushSubscriptionsTable = {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
};
export type AppSettingsTable = {
  key: string;
  value: string;
  updated_at: Generated<Date>;
};
export type DevOutboxTable = {
  id: Generated<string>;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
};

export type CitiesTable = {
  id: string;
  name: string;
  currency: string;
  /** Where the map opens on the city. Which city a point is in is decided by its service-area zones (migration 0009). */
  center_lat: number;
  center_lng: number;
  /** The circle of before migration 0009: decides nothing now. */
  radius_km: Generated<number>;
  /** IANA time zone (migration 0009). */
  timezone: Generated<string>;
  /** What SOS offers to call (migration 0040); null: the deployment's EMERGENCY_NUMBER. */
  emergency_number: string | null;
  /** ISO 3166-1 alpha-2 (migration 0051, decision 0094): whose phone numbers its people type; null: DEFAULT_COUNTRY. */
  country: string | null;
};
/** A city's place (migration 0052, decision 0096): an airport, a station or a landmark its riders search for. */
export type CityPlacesTable = {
  id: Generated<string>;
  city_id: string;
  name: string;
  area: Generated<string>;
  kind: Generated<'airport' | 'station' | 'landmark' | 'other'>;
  lat: number;
  lng: number;
  /** Name and area without case, accents or punctuation (`placeSearchKey`): what `q` is matched against. */
  search_key: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** A city's zone (migration 0009): a GeoJSON Polygon or MultiPolygon, `[lng, lat]` positions. */
export type ZonesTable = {
  id: Generated<string>;
  city_id: string;
  type: 'service_area' | 'pricing_zone' | 'airport' | 'restricted';
  name: string;
  color: string;
  priority: Generated<number>;
  enabled: Generated<boolean>;
  geometry: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** One version of a fare policy (migration 0010, decision 0032); the old `pricing` table became version 1s. */
export type FarePoliciesTable = {
  id: Generated<string>;
  city_id: string;
  /** Null: the city default; else one of the city's pricing zones. */
  zone_id: string | null;
  ride_type: 'economy' | 'comfort' | 'xl';
  version: number;
  base_cents: number;
  per_km_cents: number;
  per_min_cents: number;
  minimum_cents: number;
  booking_fee_cents: number;
  seats: number;
  /** numeric(4,2): read back as a string. */
  night_multiplier: ColumnType<string | null, number | null | undefined, number | null>;
  night_start_min: number | null;
  night_end_min: number | null;
  effective_from: Timestamp;
  created_by: string | null;
  created_at: Generated<Date>;
  note: string | null;
};
/** Surge (migration 0012): a city's rule and switches; the multiplier per pricing zone; its history. Tenths: 10 = 1.0×. */
export type SurgeSettingsTable = {
  city_id: string;
  rule: Json;
  frozen: Generated<boolean>;
  demo_rush: Generated<boolean>;
  updated_at: Generated<Date>;
};
export type SurgeZonesTable = {
  zone_id: string;
  city_id: string;
  multiplier_tenths: Generated<number>;
  requests: Generated<number>;
  drivers: Generated<number>;
  ratio: Generated<number>;
  reason: Generated<string>;
  threshold: number | null;
  override_tenths: number | null;
  override_until: Timestamp | null;
  updated_at: Generated<Date>;
};
export type SurgeSnapshotsTable = {
  id: Generated<string>;
  zone_id: string;
  at: Generated<Date>;
  requests: number;
  drivers: number;
  ratio: number;
  multiplier_tenths: number;
  reason: string;
  threshold: number | null;
};
export type RidesTable = {
  id: Generated<string>;
  city_id: string;
  rider_id: string;
  driver_id: string | null;
  ride_type: 'economy' | 'comfort' | 'xl';
  status: Generated<'requested' | 'accepted' | 'arrived' | 'in_progress' | 'completed' | 'cancelled' | 'no_driver'>;
  pickup_lat: number;
  pickup_lng: number;
  pickup_label: string | null;
  dropoff_lat: number;
  dropoff_lng: number;
  dropoff_label: string | null;
  distance_m: number;
  duration_s: number;
  fare_cents: number;
  currency: string;
  payment_method: Generated<'cash' | 'card' | 'business'>;
  /** The saved card a card ride is paid with (migration 0014). */
  payment_card_id: string | null;
  /** Wallet credit applied first to fare + carried fees: set aside at request, spent at completion (migration 0014). */
  wallet_cents: Generated<number>;
  /** Four digits the rider tells the driver at pickup; only the rider ever reads it. */
  pin: string;
  /** 32 random bytes, base64url: the whole credential of the public share link. */
  share_token: string;
  requested_at: Generated<Date>;
  accepted_at: Timestamp | null;
  arrived_at: Timestamp | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /**
   * Who ended the ride early. 'operator' (an admin's cancel, ride-state.ts) still needs the column's check
   * constraint widened by a migration (0004 allows rider, driver, system): until then such a cancel fails.
   */
  cancelled_by: 'rider' | 'driver' | 'operator' | 'system' | null;
  cancel_reason: string | null;
  updated_at: Generated<Date>;
  /** The price list the fare was computed from (a Pricing), for the receipt. */
  pricing: Json | null;
  /** Dispatch gives up at this time (requested_at + 2 min). */
  dispatch_deadline: Timestamp | null;
  /** Since when dispatch has had no open offer and no candidate; ends the search after a grace. */
  dispatch_idle_since: Timestamp | null;
  pin_failures: Generated<number>;
  pin_window_started_at: Timestamp | null;
  /** When the driver promised to be at the pickup: accepted_at + the offer's pickup ETA (migration 0011). */
  pickup_eta_at: Timestamp | null;
  /** The cancellation fee recorded at cancel (migration 0011): amount, why, waived or not and why, the driver's share. */
  cancellation_fee_cents: number | null;
  cancellation_fee_reason: 'late_cancel' | 'no_show' | null;
  cancellation_fee_waived: boolean | null;
  cancellation_fee_waive_reason: 'driver_late' | null;
  cancellation_fee_driver_share_cents: number | null;
  /** The rider's next booking, which carries this owed fee; null while it is owed. */
  cancellation_fee_carried_to: string | null;
  /** Owed cancellation fees this ride carries (added to what the rider pays; the money issue posts them). */
  carried_fee_cents: Generated<number>;
  /** The promo code's discount on the fare, reserved at request (migration 0032): the rider pays fare − this; the platform funds it. */
  promo_discount_cents: Generated<number>;
  /** A business ride's company (migration 0035): payment_method 'business' exactly when set; the company pays the fare. */
  company_id: string | null;
  /** The expense code the member gave for a business ride (migration 0035). */
  expense_code: string | null;
};

/** A company with a corporate account (migration 0035, decision 0066). */
export type CompaniesTable = {
  id: Generated<string>;
  city_id: string;
  name: string;
  billing_email: string;
  billing_cycle: Generated<'monthly'>;
  /** What the company may owe at once (unpaid invoices + rides not yet invoiced). */
  credit_limit_cents: number;
  currency: string;
  status: Generated<'active' | 'suspended'>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
};

/** A company's people (migration 0035): company admins and members; removal keeps the row. */
export type CompanyMembersTable = {
  company_id: string;
  user_id: string;
  role: 'admin' | 'member';
  status: Generated<'active' | 'removed'>;
  /** Overrides the policy's monthly budget per member when set. */
  monthly_budget_cents: number | null;
  joined_at: Generated<Date>;
  removed_at: Timestamp | null;
};

/** A company's monthly invoice (migration 0037, decision 0070); totals read from the ledger at issue. */
export type CorporateInvoicesTable = {
  id: Generated<string>;
  number: string;
  company_id: string;
  city_id: string;
  /** Local dates of the city's time zone (YYYY-MM-DD; pg returns a date as a Date unless parsed: read with to_char). */
  period_start: ColumnType<Date | string, string, string>;
  period_end: ColumnType<Date | string, string, string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Migration 0041 (decision 0071): `monthly` once per company and month; `interim` a bill to date (start of the month → issue instant). */
  kind: Generated<'monthly' | 'interim'>;
  status: Generated<'issued' | 'paid' | 'void'>;
  rides_count: number;
  /** bigint: pg returns a string; Number() it. */
  fares_total_cents: ColumnType<string, number, number>;
  tax_cents: ColumnType<string, number, number>;
  total_due_cents: ColumnType<string, number, number>;
  currency: string;
  issued_at: Generated<Date>;
  issued_by: string | null;
  paid_at: Timestamp | null;
  paid_by: string | null;
  payment_transaction_id: string | null;
};

/** Which ledger transaction is on which invoice (migration 0037): a transaction is invoiced once. */
export type CorporateInvoiceItemsTable = {
  invoice_id: string;
  transaction_id: string;
  ride_id: string | null;
  kind: string;
  posted_at: Timestamp;
  amount_cents: ColumnType<string, number, never>;
  tax_cents: ColumnType<string, number, never>;
};

/** An invitation to a company (migration 0036, decision 0067): the token's SHA-256 only; accepted once. */
export type CompanyInvitationsTable = {
  id: Generated<string>;
  company_id: string;
  email: string;
  role: 'admin' | 'member';
  token_hash: string;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  expires_at: Timestamp;
  invited_by: string | null;
  accepted_by: string | null;
  accepted_at: Timestamp | null;
  created_at: Generated<Date>;
};

/** A company's ride policy (migration 0036, decision 0067), versioned. */
export type CompanyPoliciesTable = {
  company_id: string;
  ride_types: ('economy' | 'comfort' | 'xl')[];
  per_ride_limit_cents: number | null;
  monthly_budget_cents: number | null;
  allowed_hours: ColumnType<unknown, string | null, string | null>;
  approved_addresses: ColumnType<unknown, string, string>;
  radius_m: number;
  expense_code_required: boolean;
  version: number;
  updated_by: string | null;
  updated_at: Generated<Date>;
};

/** Cancellation fees and no-shows per city × ride type (× zone; null = the city's default) (migration 0011). */
type StaffRoleColumn = 'owner' | 'operations' | 'support' | 'finance' | 'compliance' | 'marketing';
/** A staff member's role and city scope (migration 0047, decision 0089); null cities: every city. */
export type StaffMembersTable = {
  user_id: string;
  role: StaffRoleColumn;
  city_ids: string[] | null;
  invited_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** An invitation to the staff (migration 0047): only the token's hash is kept. */
export type StaffInvitationsTable = {
  id: Generated<string>;
  email: string;
  role: StaffRoleColumn;
  city_ids: string[] | null;
  token_hash: string;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  expires_at: Date;
  invited_by: string | null;
  accepted_by: string | null;
  accepted_at: Date | null;
  created_at: Generated<Date>;
};
/** A staff member's authenticator (migration 0048, decision 0090): the secret encrypted; not enabled until confirmed. */
export type StaffTwoFactorTable = {
  user_id: string;
  secret_encrypted: string;
  enabled_at: Date | null;
  /** The TOTP time step last accepted (unix seconds / 30). */
  last_step: number | null;
  created_at: Generated<Date>;
};
/** A single-use recovery code (migration 0048): only its keyed hash. */
export type StaffRecoveryCodesTable = {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
};
/** A session that gave the second factor (migration 0048); it goes with the session. */
export type StaffTwoFactorSessionsTable = {
  session_id: string;
  user_id: string;
  verified_at: Generated<Date>;
};
/** A cancellation policy's scope (migration 0046): city × ride type × optional pricing zone; its terms are versions. */
export type CancellationPoliciesTable = {
  id: Generated<string>;
  city_id: string;
  ride_type: 'economy' | 'comfort' | 'xl';
  zone_id: string | null;
};
/** One version of a policy's terms, never changed once written (migration 0046, decision 0087). */
export type CancellationPolicyVersionsTable = {
  id: Generated<string>;
  policy_id: string;
  version: number;
  free_window_s: Generated<number>;
  fee_kind: Generated<'fixed' | 'percent'>;
  fee_fixed_cents: Generated<number>;
  fee_percent_bp: Generated<number>;
  fee_min_cents: Generated<number>;
  fee_max_cents: Generated<number>;
  no_show_wait_s: Generated<number>;
  no_show_fee_cents: Generated<number>;
  late_driver_margin_s: Generated<number>;
  driver_share_late_cancel_pct: Generated<number>;
  driver_share_no_show_pct: Generated<number>;
  effective_from: Generated<Date>;
  created_by: string | null;
  created_at: Generated<Date>;
  note: string | null;
};
/** The view `cancellation_policies_in_force` (read only): each policy with its version in force now. */
export type CancellationPoliciesInForceView = {
  id: string;
  city_id: string;
  ride_type: 'economy' | 'comfort' | 'xl';
  zone_id: string | null;
  version: number;
  free_window_s: number;
  fee_kind: 'fixed' | 'percent';
  fee_fixed_cents: number;
  fee_percent_bp: number;
  fee_min_cents: number;
  fee_max_cents: number;
  no_show_wait_s: number;
  no_show_fee_cents: number;
  late_driver_margin_s: number;
  driver_share_late_cancel_pct: number;
  driver_share_no_show_pct: number;
  effective_from: Date;
  updated_at: Date;
};

export type RideOffersTable = {
  id: Generated<string>;
  ride_id: string;
  driver_id: string;
  status: Generated<'offered' | 'accepted' | 'declined' | 'expired' | 'cancelled'>;
  pickup_distance_m: number;
  pickup_eta_s: number;
  offered_at: Generated<Date>;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
};

/** Moments in a ride that are not a status change (migration 0029): SOS, ride checks. */
/** Promo codes (migration 0032, decision 0063). */
export type PromotionsTable = {
  id: Generated<string>;
  city_id: string;
  currency: string;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  max_discount_cents: number | null;
  min_fare_cents: Generated<number>;
  ride_types: Generated<string[]>;
  zone_ids: Generated<string[]>;
  valid_from: Timestamp;
  valid_to: Timestamp | null;
  budget_cents: number | null;
  max_redemptions: number | null;
  per_rider_limit: Generated<number>;
  first_ride_only: Generated<boolean>;
  status: Generated<'draft' | 'active' | 'paused'>;
  redemptions_held: Generated<number>;
  committed_cents: Generated<number>;
  redemptions_applied: Generated<number>;
  spent_cents: Generated<number>;
  /** The admins' changes (create, edit, launch, pause), not the counters: a stale edit is refused (decision 0068). */
  version: Generated<number>;
  description: Generated<string>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
export type PromoRedemptionsTable = {
  id: Generated<string>;
  promotion_id: string;
  ride_id: string;
  rider_id: string;
  state: Generated<'reserved' | 'applied' | 'released'>;
  reserved_cents: number;
  applied_cents: number | null;
  created_at: Generated<Date>;
  applied_at: Timestamp | null;
  released_at: Timestamp | null;
};
export type RideEventsTable = {
  id: Generated<string>;
  ride_id: string;
  kind: 'sos' | 'sos_resolved' | 'ride_check' | 'ride_check_ok';
  actor: 'rider' | 'driver' | 'operator' | 'system';
  detail: string | null;
  at: Generated<Date>;
};

/** A ride check asked (migration 0031, decision 0062): open until both parties answered OK. */
export type RideChecksTable = {
  id: Generated<string>;
  ride_id: string;
  reason: 'long_stop' | 'route_deviation';
  detail: string;
  asked_at: Generated<Date>;
  rider_ok_at: Timestamp | null;
  driver_ok_at: Timestamp | null;
  closed_at: Timestamp | null;
};

/** An SOS raised during a ride (migration 0030, decision 0061): open until an operator resolves it. */
export type SosAlertsTable = {
  id: Generated<string>;
  ride_id: string;
  raised_by: string;
  role: 'rider' | 'driver';
  lat: number | null;
  lng: number | null;
  position_at: Timestamp | null;
  ticket_id: string | null;
  status: Generated<'open' | 'resolved'>;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
  note: string | null;
  created_at: Generated<Date>;
};

export type RideLocationsTable = {
  ride_id: string;
  at: Timestamp;
  lat: number;
  lng: number;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
};

export type RideMessagesTable = {
  id: Generated<string>;
  ride_id: string;
  sender_id: string;
  sender_role: 'rider' | 'driver';
  body: string;
  created_at: Generated<Date>;
};

export type RideRatingsTable = {
  ride_id: string;
  rater_role: 'rider' | 'driver';
  rater_id: string;
  ratee_id: string;
  stars: number;
  comment: string | null;
  created_at: Generated<Date>;
};

/** One change an admin made (migration 0006); `before`/`after` hold the fields it touched. */
export type AuditLogTable = {
  id: Generated<string>;
  actor_id: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Json | null;
  after: Json | null;
  reason: string | null;
  /** The city the entry is about (migration 0050, decision 0091); null for none: everyone's. */
  city_id: string | null;
  created_at: Generated<Date>;
};

/** Available drivers per H3 cell per minute (migration 0008); cell '*' is the city's total that minute. */
export type DriverSupplySamplesTable = {
  city_id: string;
  minute: Timestamp;
  cell: string;
  drivers: number;
};

export type DB = {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  user_roles: UserRolesTable;
  profiles: ProfilesTable;
  notifications: NotificationsTable;
  drivers: DriversTable;
  app_settings: AppSettingsTable;
  dev_outbox: DevOutboxTable;
  phone_otps: PhoneOtpsTable;
  push_subscriptions: PushSubscriptionsTable;
  cities: CitiesTable;
  fare_policies: FarePoliciesTable;
  rides: RidesTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  corporate_invoices: CorporateInvoicesTable;
  corporate_invoice_items: CorporateInvoiceItemsTable;
  company_invitations: CompanyInvitationsTable;
  company_policies: CompanyPoliciesTable;
  ride_offers: RideOffersTable;
  ride_locations: RideLocationsTable;
  ride_events: RideEventsTable;
  ride_checks: RideChecksTable;
  sos_alerts: SosAlertsTable;
  promotions: PromotionsTable;
  promo_redemptions: PromoRedemptionsTable;
  ride_messages: RideMessagesTable;
  ride_ratings: RideRatingsTable;
  audit_log: AuditLogTable;
  driver_supply_samples: DriverSupplySamplesTable;
  zones: ZonesTable;
  city_places: CityPlacesTable;
  cancellation_policies: CancellationPoliciesTable;
  cancellation_policy_versions: CancellationPolicyVersionsTable;
  staff_members: StaffMembersTable;
  staff_invitations: StaffInvitationsTable;
  staff_two_factor: StaffTwoFactorTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_two_factor_sessions: StaffTwoFactorSessionsTable;
  cancellation_policies_in_force: CancellationPoliciesInForceView;
  surge_settings: SurgeSettingsTable;
  surge_zones: SurgeZonesTable;
  surge_snapshots: SurgeSnapshotsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  financial_settings: FinancialSettingsTable;
  refund_requests: RefundRequestsTable;
  payment_customers: PaymentCustomersTable;
  payment_cards: PaymentCardsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payout_runs: PayoutRunsTable;
  payout_items: PayoutItemsTable;
  driver_schedules: DriverSchedulesTable;
  driver_schedule_blocks: DriverScheduleBlocksTable;
  driver_time_off: DriverTimeOffTable;
  driver_shift_reminders: DriverShiftRemindersTable;
  files: FilesTable;
  vehicles: VehiclesTable;
  vehicle_rules: VehicleRulesTable;
  document_types: DocumentTypesTable;
  driver_documents: DriverDocumentsTable;
  insurance_policies: InsurancePoliciesTable;
  compliance_reminders: ComplianceRemindersTable;
  driver_goals: DriverGoalsTable;
  legal_documents: LegalDocumentsTable;
  legal_acceptances: LegalAcceptancesTable;
  saved_places: SavedPlacesTable;
  emergency_contacts: EmergencyContactsTable;
  notification_preferences: NotificationPreferencesTable;
  support_procedures: SupportProceduresTable;
  faq_entries: FaqEntriesTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  referral_codes: ReferralCodesTable;
  referral_programs: ReferralProgramsTable;
  referrals: ReferralsTable;
  user_devices: UserDevicesTable;
};

/** Referrals (migration 0033, decision 0064). */
export type ReferralCodesTable = { user_id: string; program: 'rider' | 'driver'; code: string; created_at: Generated<Date> };
export type ReferralProgramsTable = {
  program: 'rider' | 'driver';
  /** Null: the default, for every city without its own and for the claim (migration 0039, decision 0069). */
  city_id: string | null;
  enabled: boolean;
  referrer_reward_cents: number;
  referee_reward_cents: number;
  rides_required: number;
  within_days: number;
  /** The default's only: the expiry is set at the claim, before the new person's city is known. */
  expiry_days: number | null;
  version: Generated<number>;
  updated_by: string | null;
  updated_at: Timestamp | null;
};
export type ReferralsTable = {
  id: Generated<string>;
  program: 'rider' | 'driver';
  code: string;
  referrer_id: string;
  referee_id: string;
  status: Generated<'pending' | 'qualified' | 'rewarded' | 'expired' | 'flagged' | 'rejected'>;
  flag_reason: 'shared_phone' | 'shared_card' | 'shared_device' | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  qualified_at: Timestamp | null;
  rewarded_at: Timestamp | null;
  ride_id: string | null;
  referrer_reward_cents: number | null;
  referee_reward_cents: number | null;
  currency: string | null;
  /** The referee's city whose settings paid it (migration 0039). */
  city_id: string | null;
  /** An admin's review of a flagged referral (migration 0039, decision 0069). */
  review: 'approved' | 'rejected' | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  review_note: string | null;
};
export type UserDevicesTable = { user_id: string; device_id: string; first_seen_at: Generated<Date>; last_seen_at: Generated<Date> };

/** Terms of Service and Privacy Policy versions, and who accepted which (migration 0026, decision 0057). */
export type LegalDocumentsTable = { kind: 'terms' | 'privacy'; version: number; body: string; published_at: Generated<Date>; published_by: string | null };
export type LegalAcceptancesTable = { user_id: string; kind: 'terms' | 'privacy'; version: number; accepted_at: Generated<Date> };

/** /account-settings (migration 0027, decision 0058): Home and Work, emergency contacts, the preferences switched off. */
export type SavedPlacesTable = {
  user_id: string;
  kind: 'home' | 'work';
  label: string;
  address_label: string;
  lat: number;
  lng: number;
  updated_at: Generated<Date>;
};
export type EmergencyContactsTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  phone: string;
  relationship: string | null;
  created_at: Generated<Date>;
};
export type NotificationPreferencesTable = {
  user_id: string;
  kind: 'rides' | 'payments' | 'promotions';
  channel: 'push' | 'email' | 'sms';
  enabled: boolean;
  updated_at: Generated<Date>;
};

/** The driver's daily goal (migration 0023, decision 0050): earnings in minor units and/or trips. */
export type DriverGoalsTable = { driver_id: string; earnings_cents: number | null; trips: number | null; updated_at: Generated<Date> };

/** Driver schedules (migration 0020, decision 0047): weekly blocks in the city's local time, time off, reminders sent. */
export type DriverSchedulesTable = { driver_id: string; city_id: string; reminder_minutes: Generated<number>; updated_at: Generated<Date> };
export type DriverScheduleBlocksTable = { id: Generated<string>; driver_id: string; weekday: number; start_minute: number; end_minute: number };
export type DriverTimeOffTable = {
  id: Generated<string>;
  driver_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  note: string | null;
  created_at: Generated<Date>;
};
export type DriverShiftRemindersTable = { driver_id: string; shift_start: Timestamp; sent_at: Generated<Date> };

/** How riders pay (migration 0014, decision 0038). */
export type PaymentCustomersTable = { user_id: string; provider: 'stripe' | 'test'; customer_ref: string; created_at: Generated<Date> };
export type PaymentCardsTable = {
  id: Generated<string>;
  user_id: string;
  provider: 'stripe' | 'test';
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: Generated<Date>;
  /** The rider removed it (migration 0017): never listed or charged again; kept because rides refer to it. */
  removed_at: Date | null;
};
export type PaymentStatus = 'authorised' | 'capturing' | 'captured' | 'releasing' | 'released' | 'failed';
export type PaymentsTable = {
  id: Generated<string>;
  ride_id: string;
  purpose: 'ride' | 'tip';
  provider: 'stripe' | 'test';
  intent_ref: string;
  card_id: string;
  currency: string;
  amount_cents: number;
  captured_cents: Generated<number>;
  status: PaymentStatus;
  failure: string | null;
  /** A capture refused for good (migration 0017): what the rider owes instead, on their rider_owed account. */
  owed_cents: Generated<number>;
  /** The later ride that carries what is owed (null: not yet carried). */
  owed_carried_to: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
export type PaymentEventsTable = { id: string; provider: string; type: string; received_at: Generated<Date> };

/** The ledger (migration 0013, decision 0037): accounts, immutable transactions and their entries (debit positive). */
export type LedgerAccountsTable = {
  id: Generated<string>;
  key: string;
  code: string;
  owner_id: string | null;
  currency: string;
  created_at: Generated<Date>;
};
export type LedgerTransactionsTable = {
  id: Generated<string>;
  kind: string;
  idempotency_key: string;
  currency: string;
  city_id: string | null;
  ride_id: string | null;
  reverses_id: string | null;
  created_by: string | null;
  reason: string | null;
  memo: ColumnType<unknown, string | undefined, string>;
  created_at: Generated<Date>;
};
export type LedgerEntriesTable = {
  id: Generated<string>;
  transaction_id: string;
  account_id: string;
  line: string;
  /** bigint: pg returns it as a string; convert with Number() (amounts stay far below 2^53). */
  amount_cents: ColumnType<string, number, never>;
  created_at: Generated<Date>;
};
/** Financial settings per city, versioned with effective dates (migration 0013). */
export type FinancialSettingsTable = {
  id: Generated<string>;
  city_id: string;
  version: number;
  effective_from: Timestamp;
  commission_bp: Json;
  tax_rate_bp: Generated<number>;
  tax_label: Generated<string>;
  payout_weekday: Generated<number>;
  minimum_payout_cents: Generated<number>;
  negative_balance_limit_cents: Generated<number>;
  grace_days: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  note: string | null;
};

/** A rider's report about a fare and an admin's decision (migration 0015, decision 0039); the money is in the ledger. */
export type RefundRequestsTable = {
  id: Generated<string>;
  ride_id: string;
  rider_id: string;
  reason: 'charged_more_than_estimate' | 'route_longer' | 'driver_detour' | 'cancellation_fee' | 'ride_not_taken' | 'other';
  requested_cents: number | null;
  comment: string | null;
  status: Generated<'open' | 'approved' | 'credited' | 'rejected'>;
  decision: 'approve_full' | 'approve_partial' | 'credit' | 'reject' | null;
  bearer: 'platform' | 'driver' | null;
  destination: 'wallet' | 'card' | 'company' | null;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  ledger_transaction_id: string | null;
  created_at: Generated<Date>;
  /** Migration 0049 (decision 0093): a staff member's proposed decision (a `RefundDecision` with its amount resolved), by whom, when. */
  proposal: Json | null;
  proposed_by: string | null;
  proposed_at: Timestamp | null;
};

/** Payout runs and their items (migration 0016, decision 0040). The money is in the ledger; these say what was asked and done. */
export type PayoutRunsTable = {
  id: Generated<string>;
  city_id: string;
  currency: string;
  status: Generated<'preview' | 'approved' | 'closed' | 'discarded'>;
  /** A date column: read back as a Date at UTC midnight (pg) or a string; written as YYYY-MM-DD. */
  scheduled_for: ColumnType<Date | string | null, string | null | undefined, string | null>;
  minimum_payout_cents: number;
  created_by: string | null;
  created_at: Generated<Date>;
  approved_by: string | null;
  approved_at: Timestamp | null;
};
export type PayoutItemsTable = {
  id: Generated<string>;
  run_id: string;
  driver_id: string;
  /** bigint: read back as a string. */
  amount_cents: ColumnType<string, number, number>;
  status: Generated<'preview' | 'skipped' | 'pending' | 'paid' | 'failed'>;
  reference: string;
  bank_reference: string | null;
  failure_reason: string | null;
  payout_tx_id: string | null;
  settled_tx_id: string | null;
  updated_at: Generated<Date>;
};

/** Uploaded files (migration 0018, decision 0045): the bytes are in storage under `storage_key`. */
export type FilesTable = {
  id: Generated<string>;
  owner_id: string;
  purpose: string;
  storage_key: string;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  size_bytes: number;
  sha256: string;
  name: string | null;
  created_at: Generated<Date>;
  deleted_at: Date | null;
};
/** A driver's car (migration 0019, decision 0046): one active per driver; dispatch needs it verified. */
export type VehiclesTable = {
  id: Generated<string>;
  driver_id: string;
  make: string;
  model: string;
  year: number;
  color: string;
  license_plate: string;
  seats: Generated<number>;
  status: Generated<'pending' | 'verified' | 'rejected'>;
  rejection_reason: string | null;
  active: Generated<boolean>;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 0021 (decision 0048): stored files of purpose vehicle_photo, in the order attached, at most 4. */
  photo_file_ids: Generated<string[]>;
};
/** Per city: what a vehicle needs for Comfort and XL (Economy: any verified vehicle). */
export type VehicleRulesTable = {
  city_id: string;
  comfort_min_year: number;
  comfort_min_seats: Generated<number>;
  xl_min_seats: Generated<number>;
  updated_by: string | null;
  updated_at: Generated<Date>;
};

/** Per city, one row per kind of paper (migration 0022, decision 0049). */
export type DocumentTypesTable = {
  id: Generated<string>;
  city_id: string;
  kind: 'driver_licence' | 'vehicle_registration' | 'insurance' | 'profile_photo' | 'background_check';
  required: Generated<boolean>;
  expiry_required: boolean;
  sides: Generated<'one' | 'front_back'>;
  updated_by: string | null;
  updated_at: Generated<Date>;
};
/** A driver's uploaded paper, by kind (migration 0022). `expires_on`: the last valid day, the city's calendar. */
export type DriverDocumentsTable = {
  id: Generated<string>;
  driver_id: string;
  kind: 'driver_licence' | 'vehicle_registration' | 'insurance' | 'profile_photo' | 'background_check';
  file_ids: string[];
  /** Read it with to_char(…, 'YYYY-MM-DD') (the driver returns a Date for `date`). */
  expires_on: ColumnType<Date | string | null, string | null | undefined, string | null>;
  status: Generated<'in_review' | 'approved' | 'rejected' | 'superseded'>;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** A vehicle's insurance policy (migration 0022). Dates are the city's calendar days (YYYY-MM-DD). */
export type InsurancePoliciesTable = {
  id: Generated<string>;
  driver_id: string;
  vehicle_id: string;
  insurer: string;
  policy_number: string;
  insured_name: string;
  /** Read them with to_char(…, 'YYYY-MM-DD'). */
  coverage_start: ColumnType<Date | string, string, string>;
  coverage_end: ColumnType<Date | string, string, string>;
  file_id: string;
  status: Generated<'in_review' | 'verified' | 'rejected' | 'superseded'>;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** A reminder (30, 7, 1 days before) or expiry notice (0) sent for a document or policy, once. */
export type ComplianceRemindersTable = {
  subject_id: string;
  days_before: number;
  sent_at: Generated<Date>;
};

/** One version of a support category's procedure (decision 0056): never updated; the newest is current. */
export type SupportProceduresTable = {
  id: Generated<string>;
  category: string;
  version: number;
  title: string;
  /** JSON: the ordered steps (strings). */
  steps: ColumnType<string[], string, string>;
  /** JSON: the canned replies ({ title, body }). */
  replies: ColumnType<{ title: string; body: string }[], string, string>;
  created_by: string | null;
  created_at: Generated<Date>;
};

/** A question and answer of the public FAQ (/help), ordered by position within its topic. */
export type FaqEntriesTable = {
  id: Generated<string>;
  topic: string;
  question: string;
  answer: string;
  position: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
};
/** Support tickets (migration 0024, decision 0055). */
export type SupportTicketsTable = {
  id: Generated<string>;
  number: Generated<number>;
  requester_id: string | null;
  requester_email: string | null;
  requester_name: string | null;
  participant_id: string | null;
  ride_id: string | null;
  category: 'lost_item' | 'fare_payment' | 'safety' | 'behaviour' | 'app_problem' | 'account' | 'other';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  status: Generated<'open' | 'pending' | 'resolved' | 'closed'>;
  subject: string;
  assignee_id: string | null;
  waiting_since: Generated<Date>;
  sla_due_at: Timestamp;
  csat_rating: number | null;
  rated_at: Timestamp | null;
  resolved_at: Timestamp | null;
  closed_at: Timestamp | null;
  last_user_reply_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The due time the `support-sla` job last told operators this ticket had passed (migration 0034). */
  sla_alerted_for: Generated<Date | null>;
};
export type SupportMessagesTable = {
  id: Generated<string>;
  ticket_id: string;
  author_id: string | null;
  author_role: 'requester' | 'participant' | 'support';
  body: string;
  internal: Generated<boolean>;
  file_ids: Generated<string[]>;
  created_at: Generated<Date>;
};
