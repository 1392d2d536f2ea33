/** Every query key of the referrals feature. */
export const referralKeys = {
  mine: ['referrals', 'mine'] as const,
  programs: ['admin', 'referrals', 'programs'] as const,
  programsOf: (city: string) => ['admin', 'referrals', 'programs', city] as const,
  list: ['admin', 'referrals', 'list'] as const,
};
