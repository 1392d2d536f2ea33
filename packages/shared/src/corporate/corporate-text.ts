import { moneyInputValue } from '../money';

/** Words of corporate accounts (issue 16, decision 0067): refusals, the invitation email, the pages. */
export const corporateText = {
  refusals: {
    notMember: 'You are not a member of this company’s account.',
    suspended: 'This company’s account is suspended: business rides are paused.',
    expenseCode: 'This company asks for an expense code on every ride.',
    noPromo: 'Promo codes cannot be used on a business ride.',
    creditLimit: 'This company’s account has reached its credit limit. Ask your company admin.',
    nameTaken: 'Another company in this city has this name.',
    alreadyMember: 'That person is already a member of this company.',
    invitationInvalid: 'This invitation link is not valid. Ask your company admin for a new one.',
    invitationExpired: 'This invitation has expired. Ask your company admin for a new one.',
    invitationUsed: 'This invitation has already been used.',
    invitationWrongAccount: 'This invitation was sent to another email address. Sign in with that address to accept it.',
    lastAdmin: 'A company keeps at least one company admin.',
    stale: 'Someone saved a newer version meanwhile. Reload to see it, then make your change again.',
  },
  email: {
    subject: (company: string) => `You are invited to ride on ${company}’s account`,
    body: (company: string, link: string, app: string) =>
      `${company} invited you to ride on its account with ${app}.\n\nSign in or create an account with this email address, then accept the invitation:\n${link}\n\nThe link works for 14 days.`,
  },
  budget: {
    button: (name: string) => `Budget for ${name}`,
    title: (name: string) => `Monthly budget for ${name}`,
    description: (policy: string) =>
      `Their own budget replaces the policy’s (${policy}) for them. Spending counts from the 1st of the month on the company’s clock.`,
    amount: 'Their own monthly budget',
    invalid: (currency: string) => `Enter an amount in ${currency}, like ${moneyInputValue(15_000, currency)}`,
    save: 'Save Budget',
    clear: 'Use the Policy’s Budget',
    own: 'own budget',
    policy: 'policy',
    none: 'no budget',
    saved: (name: string) => `Budget for ${name} saved.`,
  },
  revoke: {
    button: (email: string) => `Revoke the invitation to ${email}`,
    title: (email: string) => `Revoke the invitation to ${email}`,
    description: 'Its link will stop working. You can invite the address again later.',
    confirm: 'Revoke Invitation',
  },
  hoursHint: 'A window that ends before it starts runs overnight (22:00–06:00): the hours after midnight belong to the day it starts.',
  business: (company: string) => `Business — ${company}`,
  driverNothingToCollect: 'Business ride — nothing to collect',
  receiptPaidBy: (company: string) => `Paid by ${company}`,
};
