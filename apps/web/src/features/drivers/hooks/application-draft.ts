import type { DriverApplication } from '../api/apply-driver';

/**
 * A visitor who fills in the application and is sent to sign in (§5 'Authentication Required') comes back
 * to /driver with what they typed: the draft lives in sessionStorage (this tab only, gone when it closes).
 */
const KEY = 'openride.driverApplicationDraft';

export type ApplicationDraft = Omit<DriverApplication, 'vehicle_year'> & { vehicle_year: string };

export function loadDraft(): ApplicationDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as ApplicationDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: ApplicationDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the visitor types it again, nothing else breaks.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Same as above.
  }
}
