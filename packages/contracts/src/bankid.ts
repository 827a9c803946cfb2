/*
 * BankID's sign-in methods and roles, without zod: the sign-in cards import
 * them, and they must not bring the form schemas with them (the choice on
 * /auth shows before any form code has loaded).
 */

export const BANKID_ACR_SAME_DEVICE = 'urn:grn:authn:se:bankid:same-device';
export const BANKID_ACR_QR = 'urn:grn:authn:se:bankid:another-device:qr';
export const BANKID_ACR_VALUES = [BANKID_ACR_SAME_DEVICE, BANKID_ACR_QR] as const;
export type BankIdAcr = (typeof BANKID_ACR_VALUES)[number];

/** Same-device on a mobile device, QR on another device otherwise (docs/rules/accounts.md#bankid). */
export function bankIdAcrFor(isMobile: boolean): BankIdAcr {
  return isMobile ? BANKID_ACR_SAME_DEVICE : BANKID_ACR_QR;
}

/** Which card the sign-in started from: 'Jag är terapeut' or the client's form. */
export const BANKID_ROLES = ['provider', 'client'] as const;
export type BankIdRole = (typeof BANKID_ROLES)[number];
