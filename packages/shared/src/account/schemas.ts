import { z } from 'zod';
import { emailSchema, passwordSchema } from '../auth/schemas';
import { otpCodeSchema, otpPhoneSchema, phoneChecked, phoneCountrySchema } from '../otp/schemas';
import { text } from '../text';
import { accountText } from './account-text';
import { PREF_CHANNELS, PREF_KINDS } from './notification-prefs';

/** At most this many emergency contacts per user (issue 15: "up to 3, for SOS"). */
export const MAX_EMERGENCY_CONTACTS = 3;

export const SAVED_PLACE_KINDS = ['home', 'work'] as const;
export type SavedPlaceKind = (typeof SAVED_PLACE_KINDS)[number];

/** PATCH /api/account/profile: the name and/or the photo (a `profile_avatar` file of one's own, or null to remove it). */
export const accountProfileUpdateSchema = z
  .object({
    full_name: text().trim().min(1, accountText.profile.nameRequired).max(200).optional(),
    avatar_file_id: z.uuid().nullable().optional(),
  })
  .strict();

/** POST /api/account/phone/code: a code is texted to the new number. */
export const phoneChangeCodeSchema = z.object({ phone: otpPhoneSchema, country: phoneCountrySchema.optional() }).strict().superRefine(phoneChecked);
/** POST /api/account/phone: the new number and the code it received. */
export const phoneChangeSchema = z
  .object({ phone: otpPhoneSchema, country: phoneCountrySchema.optional(), code: otpCodeSchema })
  .strict()
  .superRefine(phoneChecked);

/** POST /api/account/email: a confirmation link goes to the new address. */
export const emailChangeSchema = z.object({ email: emailSchema }).strict();

/** POST /api/account/password: the current password, and a new one that meets the rules (and is not leaked). */
export const passwordChangeSchema = z
  .object({ current_password: text().min(1, accountText.password.currentRequired).max(256), new_password: passwordSchema })
  .strict();

export const savedPlaceKindParamsSchema = z.object({ kind: z.enum(SAVED_PLACE_KINDS) });

/** PUT /api/account/places/:kind */
export const savedPlaceSchema = z
  .object({
    label: text().trim().min(1, accountText.places.labelRequired).max(60),
    address_label: text().trim().min(1, accountText.places.addressRequired).max(200),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  })
  .strict();
export type SavedPlaceInput = z.infer<typeof savedPlaceSchema>;

/** POST /api/account/emergency-contacts */
export const emergencyContactSchema = z
  .object({
    name: text().trim().min(1, accountText.contacts.nameRequired).max(100),
    phone: otpPhoneSchema,
    country: phoneCountrySchema.optional(),
    relationship: text().trim().max(60).nullable().optional(),
  })
  .strict()
  .superRefine(phoneChecked);
export type EmergencyContactInput = z.infer<typeof emergencyContactSchema>;

export const contactIdParamsSchema = z.object({ id: z.uuid() });

/** PUT /api/account/notification-preferences: the switches to change (safety included is refused if off). */
export const notificationPrefsUpdateSchema = z
  .object({
    changes: z
      .array(z.object({ kind: z.enum(PREF_KINDS), channel: z.enum(PREF_CHANNELS), enabled: z.boolean() }).strict())
      .min(1)
      .max(PREF_KINDS.length * PREF_CHANNELS.length),
  })
  .strict();
export type NotificationPrefsUpdate = z.infer<typeof notificationPrefsUpdateSchema>;
