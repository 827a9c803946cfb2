import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoRoomPage } from '@/app/routes/video/room';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';

afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;

function room(startsInMinutes: number) {
  const start = Math.floor((Date.now() + startsInMinutes * MINUTE) / MINUTE) * MINUTE;
  return {
    bookingId: 'b1',
    role: 'CLIENT',
    startsAt: new Date(start).toISOString(),
    opensAt: new Date(start - 10 * MINUTE).toISOString(),
    closesAt: new Date(start + 75 * MINUTE).toISOString(),
    iceServers: [],
  };
}

function open(reply: ReturnType<typeof json>) {
  mockFetch({ 'GET /video/b1': reply });
  renderRoute(<VideoRoomPage />, { path: '/samtal/b1', pattern: '/samtal/:bookingId' });
}

describe('the room page, /samtal/{bookingId}', () => {
  it('anyone but the booking’s two people: the API’s 404, said as a page of its own', async () => {
    open(json({ message: 'Hittades inte.', status: 404 }, 404));
    expect(await screen.findByRole('heading', { name: 'Samtalet hittades inte' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till översikten' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('not a confirmed video session: the API’s message', async () => {
    open(json({ message: 'Det här är inte ett bekräftat videosamtal.', status: 409 }, 409));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det här är inte ett bekräftat videosamtal.',
    );
  });

  it('before its hours: when it opens, in Swedish time, and no "Anslut"', async () => {
    open(json(room(120)));
    expect(
      await screen.findByText(
        /^Rummet öppnar .+ kl\. \d\d:\d\d \(svensk tid\), 10 minuter före samtalet\.$/,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Anslut' })).not.toBeInTheDocument();
  });

  it('after its hours: closed', async () => {
    open(json(room(-120)));
    expect(await screen.findByText('Rummet har stängt. Samtalet är slut.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Anslut' })).not.toBeInTheDocument();
  });

  it('open: the device check, its labelled controls, "Anslut" and the live region', async () => {
    open(json(room(0)));
    expect(
      await screen.findByRole('heading', { name: 'Kontrollera kamera och mikrofon' }),
    ).toBeVisible();
    // This browser (jsdom) has no camera: said, and the call can still be joined.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Webbläsaren kan inte använda kamera och mikrofon.',
    );
    expect(screen.getByLabelText('Kamera')).toBeInTheDocument();
    expect(screen.getByLabelText('Mikrofon')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Mikrofonnivå' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stäng av kameran' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Anslut' })).toBeEnabled();
    expect(screen.getByTestId('room-announcer')).toHaveAttribute('aria-live', 'polite');
  });
});
