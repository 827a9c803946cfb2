import type { User } from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ProviderProfileForm } from './provider-profile-form';

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `ord${i}`).join(' ');

function newProvider(overrides: Partial<User> = {}): User {
  return {
    id: 'p1',
    type: 'PROVIDER',
    name: 'Johan Provsson',
    email: null,
    emailVerified: false,
    phoneNumber: null,
    onboardingStep: 'USER_CREATED',
    address: null,
    profile: null,
    ...overrides,
  };
}

function setup({ user = newProvider(), applyAccept = true } = {}) {
  const ue = userEvent.setup({ applyAccept });
  const onSaved = vi.fn();
  renderRoute(<ProviderProfileForm user={user} onSaved={onSaved} />, {
    path: '/profile',
    user,
  });
  return { ue, onSaved };
}

const png = (bytes = 100, name = 'bild.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const uploadOk = json({
  profileImageUrl: 'profile-images/abc',
  profileImageSignedUrl: '/api/profiles/images/abc?sig=1',
});

async function fillValid(ue: ReturnType<typeof userEvent.setup>) {
  await ue.upload(screen.getByLabelText('Profilbild'), png());
  await screen.findByRole('img', { name: 'Din profilbild' });
  await ue.type(screen.getByLabelText('E-postadress'), 'johan@example.se');
  await ue.type(screen.getByLabelText('Telefonnummer'), '0701234567');
  await ue.type(screen.getByLabelText('Gatuadress'), 'Storgatan 1');
  await ue.type(screen.getByLabelText('Postnummer'), '111 22');
  await ue.type(screen.getByLabelText('Ort'), 'Stockholm');
  await ue.click(screen.getByRole('checkbox', { name: 'Psykolog' }));
  await ue.click(screen.getByRole('checkbox', { name: 'Masterexamen' }));
  await ue.click(screen.getByRole('radio', { name: 'Video eller på mottagningen' }));
  await ue.click(screen.getByLabelText('Beskrivning'));
  await ue.paste(words(200));
  await ue.type(screen.getByLabelText('Pris per session (SEK)'), '900');
  await ue.type(screen.getByLabelText('Sessionslängd (minuter)'), '50');
  await ue.type(screen.getByLabelText('Personliga egenskaper'), 'lugn, varm, nyfiken');
}

const submit = (ue: ReturnType<typeof userEvent.setup>) =>
  ue.click(screen.getByRole('button', { name: 'Spara profil' }));

describe('the profile form', () => {
  it('shows every message and the banner on an empty submit, and sends nothing', async () => {
    const fetchMock = mockFetch();
    const { ue, onSaved } = setup();
    await submit(ue);
    expect(
      await screen.findByText(
        'Formuläret innehåller fel. Rätta de markerade fälten och försök igen.',
      ),
    ).toBeInTheDocument();
    for (const message of [
      'Ogiltig e-postadress',
      'Telefonnummer är obligatoriskt',
      'Gatuadress är obligatorisk',
      'Ort är obligatorisk',
      'Postnummer är obligatoriskt',
      'Välj minst en titel',
      'Beskrivning måste vara minst 200 ord lång',
      'Välj minst en utbildning',
      'Pris måste vara ett positivt tal',
      'Sessionslängd måste vara ett positivt tal',
      'Profilbild är obligatorisk',
      'Personliga egenskaper är obligatoriska',
      'Välj mötesform',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Telefonnummer')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.find('PATCH', '/profiles/provider')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('checks the phone format, a positive whole price and duration', async () => {
    mockFetch();
    const { ue } = setup();
    await ue.type(screen.getByLabelText('Telefonnummer'), '0012345678');
    await ue.type(screen.getByLabelText('Pris per session (SEK)'), '-5');
    await ue.type(screen.getByLabelText('Sessionslängd (minuter)'), '0');
    await submit(ue);
    expect(
      await screen.findByText('Telefonnummer måste vara i formatet +46701234567 eller 0701234567'),
    ).toBeInTheDocument();
    expect(screen.getByText('Pris måste vara ett positivt tal')).toBeInTheDocument();
    expect(screen.getByText('Sessionslängd måste vara ett positivt tal')).toBeInTheDocument();
    await ue.clear(screen.getByLabelText('Telefonnummer'));
    await ue.type(screen.getByLabelText('Telefonnummer'), '+46701234567');
    await waitFor(() =>
      expect(
        screen.queryByText('Telefonnummer måste vara i formatet +46701234567 eller 0701234567'),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows the name from BankID, disabled, and the 24-hour policy by default', () => {
    mockFetch();
    setup();
    const name = screen.getByLabelText('Namn');
    expect(name).toBeDisabled();
    expect(name).toHaveValue('Johan Provsson');
    const policy = screen.getByRole('group', { name: /Avbokningspolicy/ });
    expect(within(policy).getAllByRole('radio')).toHaveLength(4);
    expect(within(policy).getByRole('radio', { name: '24 timmar innan' })).toBeChecked();
    expect(within(policy).getByRole('radio', { name: 'Ingen avbokningspolicy' })).not.toBeChecked();
    const titles = screen.getByRole('group', { name: 'Titel' });
    expect(
      within(titles)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['PSYKOLOG', 'PSYKOTERAPEUT', 'KURATOR', 'SOCIONOM', 'SEXOLOG']);
    expect(
      within(screen.getByRole('group', { name: 'Utbildning' })).getAllByRole('checkbox'),
    ).toHaveLength(4);
  });

  it('counts the words remaining to 200 as the description is typed', async () => {
    mockFetch();
    const { ue } = setup();
    expect(screen.getByText('200 ord kvar')).toBeInTheDocument();
    await ue.type(screen.getByLabelText('Beskrivning'), 'Jag  arbetar\nmed KBT ');
    expect(screen.getByText('196 ord kvar')).toBeInTheDocument();
    await ue.paste(` ${words(195)}`);
    expect(screen.getByText('1 ord kvar')).toBeInTheDocument();
    await ue.type(screen.getByLabelText('Beskrivning'), ' sista');
    expect(screen.queryByText(/ord kvar/)).not.toBeInTheDocument();
    expect(screen.getByText('Beskrivningen når upp till 200 ord.')).toBeInTheDocument();
  });

  it('uploads the image, saves every field and reports success', async () => {
    const fetchMock = mockFetch({
      'POST /profiles/upload': uploadOk,
      'PATCH /profiles/provider': json({ id: 'p1' }),
    });
    const { ue, onSaved } = setup();
    await fillValid(ue);
    await ue.click(screen.getByRole('radio', { name: '48 timmar innan' }));
    await submit(ue);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(fetchMock.find('POST', '/profiles/upload')).toHaveLength(1);
    const [patch] = fetchMock.find('PATCH', '/profiles/provider');
    expect(patch?.headers['x-csrf-token']).toBe('csrf-1');
    expect(patch?.body).toEqual({
      name: 'Johan Provsson',
      email: 'johan@example.se',
      phoneNumber: '0701234567',
      street: 'Storgatan 1',
      city: 'Stockholm',
      zip: '111 22',
      title: ['PSYKOLOG'],
      description: words(200),
      education: ['MASTER'],
      price: 900,
      sessionDuration: 50,
      personalAttributes: 'lugn, varm, nyfiken',
      cancellationPolicy: 'FORTY_EIGHT_HOURS',
      meetingFormat: 'BOTH',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks the e-mail on a 409 and keeps everything typed', async () => {
    mockFetch({
      'POST /profiles/upload': uploadOk,
      'PATCH /profiles/provider': json(
        { message: 'E-postadressen är redan registrerad.', status: 409 },
        409,
      ),
    });
    const { ue, onSaved } = setup();
    await fillValid(ue);
    await submit(ue);
    expect(await screen.findByText('E-postadressen är redan registrerad.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-postadress')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-postadress')).toHaveFocus();
    expect(screen.getByLabelText('Telefonnummer')).toHaveValue('0701234567');
    expect(screen.getByLabelText('Beskrivning')).toHaveValue(words(200));
    expect(screen.getByRole('checkbox', { name: 'Psykolog' })).toBeChecked();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps everything typed when the save fails, and can save again', async () => {
    let attempts = 0;
    const fetchMock = mockFetch({
      'POST /profiles/upload': uploadOk,
      'PATCH /profiles/provider': () => {
        attempts += 1;
        return attempts === 1 ? json({ message: 'Oväntat fel', status: 500 }, 500) : json({});
      },
    });
    const errorToast = vi.spyOn(toast, 'error');
    const { ue, onSaved } = setup();
    await fillValid(ue);
    await submit(ue);
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith(
        'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår',
        expect.anything(),
      ),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Ort')).toHaveValue('Stockholm');
    expect(screen.getByLabelText('Pris per session (SEK)')).toHaveValue(900);
    await submit(ue);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(fetchMock.find('PATCH', '/profiles/provider')[1]?.body).toMatchObject({
      city: 'Stockholm',
      price: 900,
    });
  });

  it('shows the server field messages of a 400 by their fields', async () => {
    mockFetch({
      'POST /profiles/upload': uploadOk,
      'PATCH /profiles/provider': json(
        {
          message: 'Ogiltiga uppgifter.',
          status: 400,
          fieldErrors: { zip: ['Ogiltigt postnummer.'] },
        },
        400,
      ),
    });
    const { ue } = setup();
    await fillValid(ue);
    await submit(ue);
    expect(await screen.findByText('Ogiltigt postnummer.')).toBeInTheDocument();
    expect(screen.getByLabelText('Postnummer')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the profile image (jpg, jpeg, png)', () => {
  it('refuses a wrong type before uploading', async () => {
    const fetchMock = mockFetch({ 'POST /profiles/upload': uploadOk });
    const { ue } = setup({ applyAccept: false });
    await ue.upload(
      screen.getByLabelText('Profilbild'),
      new File(['<svg/>'], 'bild.svg', { type: 'image/svg+xml' }),
    );
    expect(
      await screen.findByText('Profilbilden måste vara en jpg-, jpeg- eller png-fil.'),
    ).toBeInTheDocument();
    await ue.upload(screen.getByLabelText('Profilbild'), png(10, 'bild.gif', 'image/gif'));
    expect(
      screen.getByText('Profilbilden måste vara en jpg-, jpeg- eller png-fil.'),
    ).toBeInTheDocument();
    expect(fetchMock.find('POST', '/profiles/upload')).toHaveLength(0);
  });

  it('refuses a file over 5 MB before uploading', async () => {
    const fetchMock = mockFetch({ 'POST /profiles/upload': uploadOk });
    const { ue } = setup();
    await ue.upload(
      screen.getByLabelText('Profilbild'),
      png(5 * 1024 * 1024 + 1, 'stor.jpg', 'image/jpeg'),
    );
    expect(await screen.findByText('Profilbilden får vara högst 5 MB.')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/profiles/upload')).toHaveLength(0);
  });

  it("shows the server's message when the upload is refused", async () => {
    mockFetch({
      'POST /profiles/upload': json(
        { message: 'Filen är ingen giltig JPEG- eller PNG-bild.', status: 400 },
        400,
      ),
    });
    const { ue } = setup();
    await ue.upload(screen.getByLabelText('Profilbild'), png());
    expect(
      await screen.findByText('Filen är ingen giltig JPEG- eller PNG-bild.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Din profilbild' })).not.toBeInTheDocument();
  });

  it('shows the saved image of an existing profile', () => {
    mockFetch();
    setup({
      user: newProvider({
        onboardingStep: 'ONBOARDING_COMPLETED',
        profile: {
          title: ['KURATOR'],
          description: words(210),
          education: ['COURSES'],
          price: 700,
          sessionDuration: 45,
          profileImageUrl: 'profile-images/x',
          profileImageSignedUrl: '/api/profiles/images/x?sig=2',
          personalAttributes: 'glad',
          cancellationPolicy: 'NO_CANCELLATION',
          meetingFormat: 'IN_PERSON',
          isVerified: false,
        },
      }),
    });
    expect(screen.getByRole('img', { name: 'Din profilbild' })).toHaveAttribute(
      'src',
      '/api/profiles/images/x?sig=2',
    );
    expect(screen.getByRole('radio', { name: 'Ingen avbokningspolicy' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kurator' })).toBeChecked();
    expect(screen.getByLabelText('Pris per session (SEK)')).toHaveValue(700);
  });
});
