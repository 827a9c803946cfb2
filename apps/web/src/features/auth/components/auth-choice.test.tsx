import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { bankIdAcrValues, isMobileDevice } from '../api/bankid-initiate';
import { AuthChoice } from './auth-choice';

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

describe('the /auth choice cards', () => {
  it('the client card opens the form', async () => {
    mockFetch();
    const onClient = vi.fn();
    const user = userEvent.setup();
    renderRoute(<AuthChoice onClient={onClient} />, { user: null });
    await user.click(screen.getByRole('button', { name: /Matcha mig med en terapeut/ }));
    expect(onClient).toHaveBeenCalledOnce();
  });

  it('"Jag är terapeut" starts BankID with the QR method on a desktop and redirects', async () => {
    const fetchMock = mockFetch({
      'GET /auth/bankid/initiate?acrValues=urn%3Agrn%3Aauthn%3Ase%3Abankid%3Aanother-device%3Aqr&role=provider':
        json({ authorizationUrl: 'https://bankid.example/authorize?x=1' }),
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const user = userEvent.setup();
    renderRoute(<AuthChoice onClient={vi.fn()} />, { user: null });
    await user.click(screen.getByRole('button', { name: /Jag är terapeut/ }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://bankid.example/authorize?x=1'),
    );
    expect(fetchMock.calls.filter((c) => c.path.startsWith('/auth/bankid/initiate'))).toHaveLength(
      1,
    );
  });

  it('a failed start goes through the shared error handler', async () => {
    mockFetch({
      'GET /auth/bankid/initiate?acrValues=urn%3Agrn%3Aauthn%3Ase%3Abankid%3Aanother-device%3Aqr&role=provider':
        json({ message: 'BankID är inte tillgängligt just nu.' }, 503),
    });
    const errorToast = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderRoute(<AuthChoice onClient={vi.fn()} />, { user: null });
    await user.click(screen.getByRole('button', { name: /Jag är terapeut/ }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith(
        'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår',
        expect.anything(),
      ),
    );
    expect(screen.getByRole('button', { name: /Jag är terapeut/ })).toBeEnabled();
  });
});

describe('BankID method by device', () => {
  const nav = (userAgent: string, maxTouchPoints = 0) =>
    ({ userAgent, maxTouchPoints }) as Navigator;
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 0, true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 0, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0, false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36', 0, false],
  ])('%s (touch points %d) is mobile: %s', (ua, touch, mobile) => {
    expect(isMobileDevice(nav(ua, touch))).toBe(mobile);
  });

  it('same device on mobile, QR otherwise', () => {
    expect(bankIdAcrValues(true)).toBe('urn:grn:authn:se:bankid:same-device');
    expect(bankIdAcrValues(false)).toBe('urn:grn:authn:se:bankid:another-device:qr');
  });
});
