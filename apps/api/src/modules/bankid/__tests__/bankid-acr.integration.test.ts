import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness';
import { BANKID_ACR_QR, BANKID_ACR_SAME_DEVICE } from '../bankid.constants';
import { assertAcrMatches, BankIdFailure } from '../bankid.service';
import {
  deliverCallback,
  FlowBrowser,
  initiate,
  openLoginPage,
  sessionUserId,
  startApiWithBroker,
  submitLogin,
  type ApiWithBroker,
} from './bankid-flow';

// The ID token's acr must be the BankID method asked for (docs/rules/accounts.md#bankid, decision 122).
// The broker here always answers "QR on another device", whatever was asked.
let api: TestServer;
let broker: ApiWithBroker;

beforeAll(async () => {
  broker = await startApiWithBroker({
    clientId: 'samtalsmatch-acr-test',
    clientSecret: 'a-test-secret-for-the-acr-broker',
    secret: 'acr-broker-test-secret',
    answerAcr: BANKID_ACR_QR,
  });
  ({ api } = broker);
});

afterAll(async () => {
  await broker?.close();
});

async function signIn(acrValues?: string) {
  const browser = new FlowBrowser();
  const url = await initiate(browser, api.baseUrl, acrValues ? { acrValues } : {});
  const { action } = await openLoginPage(browser, url);
  const { callbackUrl } = await submitLogin(browser, action, api.config.oidc.redirectUri, {
    personnummer: '198003122382',
    name: 'Elin Testsson',
  });
  expect(callbackUrl).toBeDefined();
  return { browser, result: await deliverCallback(browser, callbackUrl!) };
}

describe('the acr of the ID token', () => {
  it('refuses a sign-in whose acr is not the method asked for', async () => {
    const { browser, result } = await signIn(BANKID_ACR_SAME_DEVICE);
    expect(result.location).toBe('/auth/callback/bankid?error=invalid');
    expect(await sessionUserId(api.database.db, browser)).toBeNull();
  });

  it('signs in when the acr is the one asked for', async () => {
    const { browser, result } = await signIn(BANKID_ACR_QR);
    expect(result.location).toBe('/auth/callback/bankid');
    expect(await sessionUserId(api.database.db, browser)).not.toBeNull();
  });

  it('does not check a sign-in that asked for no method', async () => {
    const { result } = await signIn();
    expect(result.location).toBe('/auth/callback/bankid');
  });
});

describe('assertAcrMatches', () => {
  it('passes a match, a missing acr and a sign-in without acr_values', () => {
    expect(() => assertAcrMatches(BANKID_ACR_QR, BANKID_ACR_QR)).not.toThrow();
    expect(() => assertAcrMatches(BANKID_ACR_QR, undefined)).not.toThrow();
    expect(() => assertAcrMatches(undefined, 'urn:anything')).not.toThrow();
  });

  it('refuses another method, and an acr that is not a string', () => {
    expect(() => assertAcrMatches(BANKID_ACR_SAME_DEVICE, BANKID_ACR_QR)).toThrow(BankIdFailure);
    expect(() => assertAcrMatches(BANKID_ACR_QR, [BANKID_ACR_QR])).toThrow(BankIdFailure);
  });
});
