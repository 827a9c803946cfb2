/** The cookie choice lives in local storage as accepted or declined (docs/rules/accounts.md#cookie-consent). */
export const CONSENT_STORAGE_KEY = 'cookie-consent';

export type ConsentValue = 'accepted' | 'declined';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readConsent(): ConsentValue | null {
  const value = storage()?.getItem(CONSENT_STORAGE_KEY);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function reloadPage(): void {
  window.location.reload();
}

/** Stores the choice and reloads, so analytics starts (or stays off) from a clean page. */
export function chooseConsent(value: ConsentValue, reload: () => void = reloadPage): void {
  storage()?.setItem(CONSENT_STORAGE_KEY, value);
  reload();
}

/** 'Ändra cookie inställningar': forget the choice and reload, so the banner asks again. */
export function resetConsent(reload: () => void = reloadPage): void {
  storage()?.removeItem(CONSENT_STORAGE_KEY);
  reload();
}
