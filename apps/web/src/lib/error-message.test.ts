import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { errorMessage } from './error-message';

const TOO_MANY =
  'För många försök, försök igen om en stund eller kontakta support om problemet kvarstår';
const GENERIC = 'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår';
const server = (status: number, message = 'Serverns text') =>
  new ApiRequestError(message, status, { fromServer: true });

describe('errorMessage', () => {
  it('429 has its own text', () => expect(errorMessage(server(429))).toBe(TOO_MANY));
  it.each([400, 409, 422])('%d shows the server message', (status) =>
    expect(errorMessage(server(status))).toBe('Serverns text'),
  );
  it.each([401, 403, 404, 500, 503])('%d is generic', (status) =>
    expect(errorMessage(server(status))).toBe(GENERIC),
  );
  it('a 400 without a server message is generic', () =>
    expect(errorMessage(new ApiRequestError('POST /x failed: Bad Request', 400))).toBe(GENERIC));
  it('a network failure is generic', () =>
    expect(errorMessage(new TypeError('fetch'))).toBe(GENERIC));
  it('the login call may show its own 401 message', () =>
    expect(errorMessage(server(401, 'Fel lösenord'), { alsoShowServerMessageFor: [401] })).toBe(
      'Fel lösenord',
    ));
});
