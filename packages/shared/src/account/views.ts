import { z } from 'zod';
import { PREF_CHANNELS, PREF_KINDS } from './notification-prefs';
import { SAVED_PLACE_KINDS } from './schemas';

const channelsSchema = z.strictObject(Object.fromEntries(PREF_CHANNELS.map((c) => [c, z.boolean()])) as Record<(typeof PREF_CHANNELS)[number], z.ZodBoolean>);
export const notificationPrefsSchema = z.strictObject(
  Object.fromEntries(PREF_KINDS.map((k) => [k, channelsSchema])) as Record<(typeof PREF_KINDS)[number], typeof channelsSchema>,
);

export const savedPlaceViewSchema = z.strictObject({
  kind: z.enum(SAVED_PLACE_KINDS),
  label: z.string(),
  address_label: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type SavedPlaceView = z.infer<typeof savedPlaceViewSchema>;

export const emergencyContactViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  relationship: z.string().nullable(),
});
export type EmergencyContactView = z.infer<typeof emergencyContactViewSchema>;

/** GET /api/account: everything /account-settings shows, the caller's own. */
export const accountViewSchema = z.strictObject({
  email: z.string(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  /** GET /api/files/:id/content of the photo, or null. */
  avatar_file_id: z.string().nullable(),
  places: z.array(savedPlaceViewSchema),
  emergency_contacts: z.array(emergencyContactViewSchema),
  notification_preferences: notificationPrefsSchema,
});
export type AccountView = z.infer<typeof accountViewSchema>;

export const accountResponseSchema = z.strictObject({ account: accountViewSchema });
export const placesResponseSchema = z.strictObject({ places: z.array(savedPlaceViewSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;
export const contactsResponseSchema = z.strictObject({ emergency_contacts: z.array(emergencyContactViewSchema) });
export const prefsResponseSchema = z.strictObject({ notification_preferences: notificationPrefsSchema });
export const sentResponseSchema = z.strictObject({ sent: z.literal(true) });
