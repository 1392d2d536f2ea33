/**
 * Notification preferences (issue 15, decision 0058): per channel (push, email, SMS) and per kind of message
 * (rides, payments, promotions, safety). Everything is on until the user switches it off; safety cannot be
 * switched off on any channel (the server refuses, the page shows it locked).
 */
export const PREF_CHANNELS = ['push', 'email', 'sms'] as const;
export type PrefChannel = (typeof PREF_CHANNELS)[number];

export const PREF_KINDS = ['rides', 'payments', 'promotions', 'safety'] as const;
export type PrefKind = (typeof PREF_KINDS)[number];

/** The kinds a user may switch off. */
export const SWITCHABLE_PREF_KINDS = ['rides', 'payments', 'promotions'] as const satisfies readonly PrefKind[];
export type SwitchablePrefKind = (typeof SWITCHABLE_PREF_KINDS)[number];

/** Every kind × channel, true when the user receives it. */
export type NotificationPrefs = Record<PrefKind, Record<PrefChannel, boolean>>;

/** The one row a user switched: absent rows are "on". */
export type NotificationPrefRow = { kind: string; channel: string; enabled: boolean };

export const isSwitchableKind = (kind: string): kind is SwitchablePrefKind => (SWITCHABLE_PREF_KINDS as readonly string[]).includes(kind);

/** All on: what a user who never changed anything receives. */
export function defaultPrefs(): NotificationPrefs {
  const all = () => ({ push: true, email: true, sms: true });
  return { rides: all(), payments: all(), promotions: all(), safety: all() };
}

/** The stored rows laid over the defaults. A stored row for safety (there should be none) is ignored. */
export function prefsFromRows(rows: readonly NotificationPrefRow[]): NotificationPrefs {
  const prefs = defaultPrefs();
  for (const row of rows) {
    if (!isSwitchableKind(row.kind) || !(PREF_CHANNELS as readonly string[]).includes(row.channel)) continue;
    prefs[row.kind][row.channel as PrefChannel] = row.enabled;
  }
  return prefs;
}

/**
 * The kind of preference a notification of a given kind falls under. The notifications' own kinds (ride,
 * payment, promotion, safety, document, support, account) map onto the four a user chooses; a message about
 * a document, a support ticket or the account itself is not optional (null: always sent), and neither is an
 * unknown kind.
 */
export function prefKindOf(notificationKind: string | null | undefined): PrefKind | null {
  switch (notificationKind) {
    case 'ride':
    case 'rides':
      return 'rides';
    case 'payment':
    case 'payments':
      return 'payments';
    case 'promotion':
    case 'promotions':
      return 'promotions';
    case 'safety':
      return 'safety';
    default:
      return null;
  }
}

/**
 * Whether a message of `kind` may go out on `channel` under `prefs`. Safety always may; so does a kind that
 * is not a preference (null: documents, support, the account) and a user without stored preferences.
 */
export function allowsChannel(prefs: NotificationPrefs | null | undefined, kind: PrefKind | null, channel: PrefChannel): boolean {
  if (kind === null || kind === 'safety' || !prefs) return true;
  return prefs[kind]?.[channel] ?? true;
}
