import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ComplianceItem, DriverCompliance } from '../api/get-my-compliance';
import { complianceAlerts } from '../lib/compliance-alerts';
import { ComplianceAlertsCard } from './compliance-alerts-card';

const item = (kind: ComplianceItem['kind'], status: ComplianceItem['status'], extra: Partial<ComplianceItem> = {}): ComplianceItem => ({
  kind,
  label: {
    driver_licence: "Driver's licence",
    vehicle_registration: 'Vehicle registration',
    insurance: 'Insurance',
    profile_photo: 'Profile photo',
    background_check: 'Background check',
  }[kind],
  required: true,
  status,
  expires_on: null,
  days_left: null,
  rejection_reason: null,
  renewal_in_review: false,
  ...extra,
});

const compliance = (over: Partial<DriverCompliance> = {}): DriverCompliance => ({
  city: { id: 'sf', name: 'San Francisco' },
  on_hold: false,
  items: [],
  hold_reasons: [],
  ...over,
});

const render = (data: DriverCompliance) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ComplianceAlertsCard data={data} />
    </MemoryRouter>,
  );

describe('the dashboard’s document alerts', () => {
  it('leave out approved documents and put the hold first, then the most urgent', () => {
    const alerts = complianceAlerts(
      compliance({
        on_hold: true,
        hold_reasons: ['Your insurance expired on 2026-11-20.'],
        items: [
          item('profile_photo', 'approved'),
          item('background_check', 'in_review'),
          item('vehicle_registration', 'expiring', { days_left: 12, expires_on: '2026-12-07' }),
          item('insurance', 'expired', { expires_on: '2026-11-20', days_left: -5 }),
          item('driver_licence', 'rejected', { rejection_reason: 'The photo is blurred.' }),
        ],
      }),
    );
    expect(alerts.map((a) => (a.kind === 'hold' ? 'hold' : `${a.item.kind}:${a.tone}`))).toEqual([
      'hold',
      'insurance:danger',
      'driver_licence:danger',
      'vehicle_registration:warning',
      'background_check:info',
    ]);
  });

  it('says the papers are in order when every document is approved and there is no hold', () => {
    const html = render(compliance({ items: [item('driver_licence', 'approved'), item('insurance', 'approved')] }));
    expect(complianceAlerts(compliance({ items: [item('insurance', 'approved')] }))).toEqual([]);
    expect(html).toContain('Your documents are in order.');
    expect(html).not.toContain('/driver-documents-upload');
  });

  it('renders the hold’s sentences and each alert as a link to the upload page, with the reason or days left', () => {
    const html = render(
      compliance({
        on_hold: true,
        hold_reasons: ['Upload your insurance to go online.'],
        items: [
          item('insurance', 'missing'),
          item('driver_licence', 'rejected', { rejection_reason: 'The photo is blurred.' }),
          item('vehicle_registration', 'expiring', { days_left: 7 }),
        ],
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Upload your insurance to go online.');
    expect(html.indexOf('Upload your insurance to go online.')).toBeLessThan(html.indexOf('Insurance: Missing'));
    expect(html).toContain('The photo is blurred.');
    expect(html).toContain('expires in 7 days');
    expect(html.match(/href="\/driver-documents-upload"/g)).toHaveLength(3);
  });
});

describe('papers the city does not require', () => {
  it('raise no alert while never sent, but do once sent and rejected or expiring', () => {
    const alerts = complianceAlerts(
      compliance({
        items: [
          item('background_check', 'missing', { required: false }),
          item('profile_photo', 'rejected', { required: false, rejection_reason: 'Blurry' }),
          item('driver_licence', 'missing'),
        ],
      }),
    );
    expect(alerts.map((a) => (a.kind === 'item' ? `${a.item.kind}:${a.item.status}` : a.kind))).toEqual(['profile_photo:rejected', 'driver_licence:missing']);
  });
});
