import { describe, expect, it } from 'vitest';
import { cancellationText } from './cancellation/cancellation-text';
import { corporateInvoicesText } from './corporate-invoices/corporate-invoices-text';
import { payoutsText } from './payouts/payouts-text';
import { proceduresText } from './procedures/procedures-text';
import { promotionsText } from './promotions/promotions-text';
import { referralsText } from './referrals/referrals-text';
import { refundText } from './refunds/refund-text';
import { supportText } from './support/support-text';
import { uiText } from './ui-text';
import { vehicleText } from './vehicles/vehicle-text';
import { zonesText } from './zones/zones-text';
import { twoFactorText } from './admin/two-factor-text';

/** Words a title keeps in lower case ("Book a Ride", "Drive with OpenRide"). */
const SMALL = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'with', 'by', 'at']);
const notTitleCase = (title: string) => title.split(/\s+/).filter((word, i) => /^[a-z]/.test(word) && (i === 0 || !SMALL.has(word)));

describe('page titles', () => {
  // One style on every page's heading (issue 27 §18), the spec's: its screen and toast titles are in Title
  // Case ('Already Logged In', 'Get the Native App', 'Sign Up Failed'). docs/admin-kit.md says so.
  it('are in Title Case, the console pages first among them', () => {
    const titles = [
      ...Object.values(uiText.pages).flatMap((p) => (typeof p === 'string' ? [] : [p.title])),
      uiText.admin.title,
      uiText.outbox.title,
      promotionsText.page.title,
      supportText.page.title,
      supportText.page.adminTitle,
      corporateInvoicesText.allTitle,
      vehicleText.admin.title,
      refundText.admin.title,
      zonesText.title,
      proceduresText.title,
      cancellationText.title,
      payoutsText.admin.title,
      payoutsText.earnings.title,
      referralsText.page.title,
      referralsText.page.adminTitle,
      twoFactorText.page.title,
    ];
    expect(titles.filter((t) => notTitleCase(t).length > 0)).toEqual([]);
  });
});
