import {
  bankIdAcrFor,
  type BankIdInitiateResponse,
  type BankIdRole,
} from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** A phone or tablet: BankID can be opened on this same device. */
export function isMobileDevice(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const uaData = (nav as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (uaData?.mobile) return true;
  const ua = nav.userAgent ?? '';
  if (/Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(ua)) return true;
  // iPadOS reports itself as a Mac; it has touch points.
  return /Macintosh/.test(ua) && (nav.maxTouchPoints ?? 0) > 1;
}

/** Same-device on a mobile device, the other-device QR method otherwise (docs/rules/accounts.md#bankid). */
export function bankIdAcrValues(mobile: boolean = isMobileDevice()): string {
  return bankIdAcrFor(mobile);
}

/**
 * GET /auth/bankid/initiate?acrValues=…&role=…: answers with the authorization
 * URL to go to. `role` says which card started it (a first sign-in creates
 * that kind of account).
 */
export function initiateBankId(
  acrValues: string,
  role: BankIdRole = 'provider',
): Promise<BankIdInitiateResponse> {
  const query = new URLSearchParams({ acrValues, role });
  return api.get<BankIdInitiateResponse>(`/auth/bankid/initiate?${query.toString()}`);
}

/** Starting BankID redirects the browser; failures use the shared handler (docs/rules/accounts.md#errors). */
export function useBankIdLogin(
  role: BankIdRole = 'provider',
  redirect: (url: string) => void = (url) => window.location.assign(url),
) {
  return useChangeMutation({
    mutationFn: () => initiateBankId(bankIdAcrValues(), role),
    onSuccess: ({ authorizationUrl }) => redirect(authorizationUrl),
    onError: (error) => handleApiError(error),
  });
}
