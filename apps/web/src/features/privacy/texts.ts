/**
 * The privacy settings' own Swedish texts (decision 431). The consent texts
 * and the settings' fixed texts the rules quote are in contracts
 * (CONSENT_TEXTS, CONSENT_PAGE, PRIVACY_TEXTS...).
 */
export const PRIVACY_TEXTS = {
  loadingConsent: 'Hämtar ditt samtycke',
  consentLoadFailed: 'Kunde inte hämta ditt samtycke.',
} as const;
