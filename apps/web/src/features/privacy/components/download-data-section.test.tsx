import { DATA_EXPORT_FORMAT, DATA_RIGHTS_PAGE, MSG } from '@samtalsmatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { withToasterEnvironment } from '@/test/toaster';
import { providerUser } from '@/test/users';
import { DownloadData } from './download-data-section';

withToasterEnvironment();
const TEXT = DATA_RIGHTS_PAGE.download;
let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs: the blob is kept by its made-up URL.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** jsdom's Blob has no text(): read it as a browser would. */
function read(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function show() {
  const user = providerUser();
  renderRoute(
    <>
      <DownloadData />
      <Toaster />
    </>,
    { path: '/integritet', user },
  );
}

describe('Ladda ned mina uppgifter', () => {
  it('saves the export as a JSON file named by the date, and says so', async () => {
    const file = {
      format: DATA_EXPORT_FORMAT,
      exportedAt: '2026-11-25T10:00:00.000Z',
      account: { id: 'a', type: 'CLIENT' },
    };
    mockFetch({ 'GET /users/me/export': json(file) });
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.button }));
    expect(await screen.findByText(TEXT.done)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^samtalsmatch-mina-uppgifter-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await read(saved[0]!.blob))).toEqual(file);
  });

  it('saves nothing and shows an error toast when the server fails', async () => {
    mockFetch({ 'GET /users/me/export': json({ message: 'x', status: 500 }, 500) });
    show();
    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.button }));
    expect(await screen.findByText(MSG.genericError)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.button })).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
