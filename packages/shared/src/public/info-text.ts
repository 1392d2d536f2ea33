/**
 * The words of /about and /safety (issue 15): read by the web pages and by the server's pre-render
 * (http/prerender.ts), so a crawler and the app say the same thing. Only features that exist are named:
 * a new safety feature adds its item to `safetyText.items` when it lands (SOS and ride check are here).
 */
export const aboutText = {
  title: 'About OpenRide',
  description: 'OpenRide is open-source ride-hailing software, run here by the local operator on its own servers.',
  whatTitle: 'What OpenRide is',
  what: [
    'OpenRide connects riders who need a trip with drivers nearby. Riders book in a few taps, see the fare before they book and follow their driver live; drivers go online when they want and see every trip and payout in their account.',
    'The operator of this service decides the cities it serves, its prices and its rules, and reviews every driver before they can take a ride.',
  ],
  citiesTitle: 'Where it runs',
  cities: (names: string[]) => (names.length ? `This service takes rides in ${names.join(', ')}.` : 'This service does not take rides in any city yet.'),
  openTitle: 'Open source, self-hosted',
  open: [
    'OpenRide is open-source software: the server, the web app and its documentation are one code base that anyone may read, run and improve.',
    'This service is not a global platform. It runs its own copy of OpenRide on servers chosen by the operator of this city, and your data stays in that copy.',
  ],
  sourceTitle: 'Getting the source',
  source: 'The source code this service runs is published with OpenRide. Ask the operator through the Contact page for the exact copy and its licence.',
  dataTitle: 'What is kept about you',
  dataIntro: 'In short (the Privacy Policy has the details):',
  data: [
    'Your account: name, email, phone number and password (stored only as a secure hash).',
    'Your rides: pickup and destination, the route driven, fares, ratings and chat messages.',
    'Your location while a ride is under way, and a driver’s location while online. Route points are deleted after a set number of days.',
    'Payments: every charge, refund and payout as entries in a ledger that cannot be edited.',
    'For drivers: the application, vehicles and the documents they upload for review.',
    'Notifications sent to you, and the devices you allowed to receive them.',
  ],
  dataLink: 'Read the Privacy Policy',
};

export type SafetyItem = { title: string; text: string };

export const safetyText = {
  title: 'Safety',
  description:
    'What OpenRide does to keep riders and drivers safe: the ride PIN, trip sharing, an SOS button, ride check, verified drivers, ratings both ways and private contact.',
  intro: 'These are the safety features this service has today. Each one is part of every ride, at no cost.',
  items: [
    {
      title: 'Ride PIN',
      text: 'Your ride has a 4-digit PIN that only you see. The driver cannot start the trip until you tell them the PIN, so you never get into the wrong car. Too many wrong tries lock the start for a while.',
    },
    {
      title: 'Live tracking',
      text: 'You see your driver’s position on the map from the moment they accept until you are dropped off, and every trip keeps its route and timeline.',
    },
    {
      title: 'Share your trip',
      text: 'From the tracking page, share a link to your trip. Whoever opens it follows the car live until you arrive, without an account. The link stops working an hour after the ride ends.',
    },
    {
      title: 'Verified drivers and documents',
      text: 'Every driver is reviewed by the operator before their first trip. Drivers upload their licence, vehicle registration, insurance and other papers the city requires; the operator checks each one, and a driver whose paper is missing or expired cannot go online until it is renewed.',
    },
    {
      title: 'Ratings both ways',
      text: 'After every completed trip the rider rates the driver and the driver rates the rider, from 1 to 5 stars, once each. The operator sees the ratings.',
    },
    {
      title: 'Private chat',
      text: 'Rider and driver message each other in the app while a driver is on the way or on the trip, without sharing phone numbers.',
    },
    {
      title: 'SOS button',
      text: 'During a ride, riders and drivers have an SOS button on their trip screen. After you confirm, the operator’s team is alerted at once with the ride and the car’s live position, an urgent safety ticket is opened, and your emergency contacts (up to 3, in Account settings) get a text with a live link to follow the trip. The button also offers to call your local emergency number.',
    },
    {
      title: 'Ride check',
      text: 'If a trip stops for several minutes away from the destination, or the car goes far from the way there, the app asks both the rider and the driver “Is everything OK?”. One tap on I’m OK answers it, and SOS is right beside it; the operator sees every check and each answer on the ride’s record.',
    },
  ] satisfies SafetyItem[],
  /** Only where the deployment has a telephony provider (`/api/config`'s `calls`). */
  maskedCalls: {
    title: 'Masked phone calls',
    text: 'Tap Call during a ride and the platform connects you from its own number: neither of you sees the other’s phone number.',
  },
  helpTitle: 'Something went wrong?',
  help: 'In an emergency, call your local emergency number first. For anything else about a ride, contact the operator through the Contact page.',
};

/** The items /safety lists on this deployment: masked calls only where calls are configured. */
export const safetyItems = (calls: boolean): SafetyItem[] => [...safetyText.items, ...(calls ? [safetyText.maskedCalls] : [])];
