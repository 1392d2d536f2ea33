import { describe, expect, it } from 'vitest';
import { matchPages, type SearchPage } from './match-pages';

const pages: SearchPage[] = [
  { label: 'Admin Panel', to: '/x', group: 'Console' },
  { label: 'Booking Management', to: '/booking-management', group: 'Operations' },
  { label: 'Driver Management', to: '/driver-management', group: 'Drivers' },
  { label: 'Driver Payouts', to: '/driver-payouts', group: 'Drivers' },
  { label: 'Financial Dashboard', to: '/financial-dashboard', group: 'Money' },
  { label: 'Financial Settings', to: '/financial-settings', group: 'Money' },
  { label: 'Promo Codes', to: '/promo-codes', group: 'Growth' },
];
const labels = (q: string) => matchPages(pages, q).map((p) => p.label);

describe('matchPages', () => {
  it('lists every page, in the menu order, when nothing is typed', () => {
    expect(labels('')).toEqual(pages.map((p) => p.label));
    expect(labels('   ')).toEqual(pages.map((p) => p.label));
  });

  it('matches the beginnings of words, in any case, every word typed', () => {
    expect(labels('fin set')).toEqual(['Financial Settings']);
    expect(labels('MANAGE')).toEqual(['Booking Management', 'Driver Management']);
    expect(labels('promo')).toEqual(['Promo Codes']);
    expect(labels('anagement')).toEqual([]);
    expect(labels('zzz')).toEqual([]);
  });

  it('puts a name that begins with what was typed first, and finds pages by their area after their own names', () => {
    expect(labels('driver')).toEqual(['Driver Management', 'Driver Payouts']);
    expect(labels('management')).toEqual(['Booking Management', 'Driver Management']);
    expect(labels('money')).toEqual(['Financial Dashboard', 'Financial Settings']);
    expect(labels('dash')).toEqual(['Financial Dashboard']);
    expect(labels('payouts drivers')).toEqual(['Driver Payouts']);
  });
});
