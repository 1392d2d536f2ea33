/** §9 business constants and limits. */
export const NOTIFICATIONS_LIMIT = 50;
export const NOTIFICATIONS_REFETCH_MS = 5000;
export const NOTIFICATIONS_BADGE_MAX = 9;
export const NOTIFICATIONS_PANEL_HEIGHT_PX = 400;

export const OTP_LENGTH = 6;
export const OTP_EXPIRY_SECONDS = 300;
export const PHONE_DIGITS = 10;

export const HERO_ROTATION_MS = 5000;

export const VEHICLE_YEAR_MIN = 2000;
export const vehicleYearMax = (now = new Date()) => now.getFullYear() + 1;

export const PASSWORD_MIN_LENGTH = 8;

/** The built-in (Radix) toaster: one toast at a time. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** The second (sonner) toaster. */
export const SONNER_DURATION_MS = 1000;
export const SONNER_VISIBLE_TOASTS = 3;
export const SONNER_DEFAULT_DURATION_MS = 4000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
