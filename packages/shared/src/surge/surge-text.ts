import { formatMultiplier } from './surge';

/** Words of surge: the operator's /surge-pricing and what riders read before booking (decision 0035). */
export const surgeText = {
  rider: {
    /** Beside a ride type's fare: "1.4× busy". */
    badge: (tenths: number) => `${formatMultiplier(tenths)} busy`,
    sentence: 'Fares are higher because of high demand.',
  },
  page: {
    city: 'City',
    frozen: 'Freeze surge at 1.0×',
    frozenHint: 'For emergencies: every zone of the city is held at 1.0× at once, until you lift the freeze.',
    frozenOn: 'Surge is frozen at 1.0× in this city.',
    demoRush: 'Simulate rush hour downtown',
    demoRushHint: 'Demo city only: the simulated riders book from downtown every few seconds, so surge rises there; switch it off to watch it fade.',
    map: 'Pricing zones coloured by their multiplier now',
    legend: 'Multiplier',
    zones: 'Pricing zones',
    noZones: 'This city has no enabled pricing zone. Draw one on Geofence Management to price by demand.',
    loadFailed: "We couldn't load surge for this city. Check your connection and try again.",
    citiesFailed: "We couldn't load the cities. Check your connection and try again.",
    multiplierNow: 'Now',
    requests: 'Requests',
    drivers: 'Idle drivers',
    ratio: 'Ratio',
    updated: (when: string) => `Updated ${when}`,
    notYet: 'Not updated yet',
    why: 'Why',
    override: 'Override',
    overrideTitle: (zone: string) => `Hold ${zone} at a fixed multiplier`,
    overrideMultiplier: 'Multiplier',
    overrideUntil: 'Until',
    overrideSave: 'Hold it',
    overrideEnd: 'End override',
    overrideLive: (m: string, until: string) => `Held at ${m} until ${until}`,
    timeline: (zone: string) => `${zone}: the last 6 hours`,
    timelineEmpty: 'No updates yet: the multiplier is updated every minute.',
    timelineTable: 'Updates in the last 6 hours',
    at: 'Time',
    rule: 'Rule',
    ruleHint:
      'Demand is ride requests with their pickup in the zone over the window; supply is idle, approved, online drivers in it now. The ratio maps to a multiplier through these steps.',
    ladder: 'Steps',
    stepRatio: 'From ratio',
    stepMultiplier: 'Multiplier',
    addStep: 'Add a step',
    removeStep: (n: number) => `Remove step ${n}`,
    floor: 'Floor',
    cap: 'Cap',
    maxChange: 'Largest change per update',
    hysteresis: 'Hysteresis (ratio)',
    hysteresisHint: 'To step down, the ratio must fall this far below the step it is on, so the price does not flap.',
    minRequests: 'Fewest requests that can surge',
    saveRule: 'Save rule',
    saved: 'Saved.',
    every: (tick: number, windowS: number) => `Updated every ${tick} s over the last ${Math.round(windowS / 60)} minutes.`,
  },
  reasons: {
    frozen: 'The city is frozen at 1.0×.',
    override: 'An operator holds this zone.',
    too_few_requests: (min: number) => `Fewer than ${min} requests in the window: no surge on so little demand.`,
    ratio: (ratio: number, threshold: number | null, m: string) =>
      threshold === null
        ? `Ratio ${ratio.toFixed(2)} is below the first step: ${m}.`
        : `Ratio ${ratio.toFixed(2)} reaches the step at ${threshold}: towards ${m}.`,
  },
  /** "5 requests, 2 idle drivers → ratio 2.50" */
  counts: (requests: number, drivers: number, ratio: number) =>
    `${requests} request${requests === 1 ? '' : 's'}, ${drivers} idle driver${drivers === 1 ? '' : 's'} → ratio ${ratio.toFixed(2)}`,
};
