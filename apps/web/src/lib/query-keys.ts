/** Query keys shared between the app, features and the realtime client, which invalidates them on events. */
export const queryKeys = {
  me: ['me'] as const,
  driver: ['driver'] as const,
  notifications: ['notifications'] as const,
  adminUsers: ['admin', 'users'] as const,
  outbox: ['dev', 'outbox'] as const,
};
