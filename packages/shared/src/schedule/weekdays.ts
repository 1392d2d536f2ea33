/** 0 = Sunday … 6 = Saturday (as Date#getDay and the payouts' weekday). */
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
