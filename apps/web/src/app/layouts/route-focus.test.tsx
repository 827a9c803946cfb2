import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';

function Shell() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/sen">Till sidan som laddar</Link>
        <Link to="/egen">Till sidan med eget fokus</Link>
        <Link to="/ersatt">Till sidan med tillfällig rubrik</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const DATA_ARRIVES = 'test:data-arrives';

/** The page's data arrives: the test decides when, so nothing waits for a guessed delay. */
function dataArrives() {
  act(() => {
    window.dispatchEvent(new Event(DATA_ARRIVES));
  });
}

/** True once the test has let the page's data arrive. */
function useData(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const arrive = () => setReady(true);
    window.addEventListener(DATA_ARRIVES, arrive);
    return () => window.removeEventListener(DATA_ARRIVES, arrive);
  }, []);
  return ready;
}

/** A page whose heading comes after its data. */
function LatePage() {
  return useData() ? <h1>Sen rubrik</h1> : <p>Laddar…</p>;
}

/** A page with a stand-in heading while its data loads, replaced by the real one (the provider page). */
function StandInPage() {
  return useData() ? <h1 key="real">Anna Lindqvist</h1> : <h1 key="stand-in">Terapeut</h1>;
}

/**
 * Resolves once every MutationObserver made before this call (RouteFocus's)
 * has been told of one more change to the page: whatever it would still do
 * about the page as it is has been done.
 */
async function afterRouteFocusHasSeenThePage() {
  const marker = document.createElement('span');
  await new Promise<void>((resolve) => {
    const probe = new MutationObserver(() => {
      probe.disconnect();
      resolve();
    });
    probe.observe(document.body, { childList: true, subtree: true });
    document.body.append(marker);
  });
  marker.remove();
}

/** A page that puts focus where it wants it itself. */
function OwnFocusPage() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <>
      <h1>Egen rubrik</h1>
      <label>
        Sök
        <input ref={input} />
      </label>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <h1>Start</h1> },
          { path: '/sen', element: <LatePage /> },
          { path: '/egen', element: <OwnFocusPage /> },
          { path: '/ersatt', element: <StandInPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteFocus: focus goes to the heading of the page one lands on', () => {
  it('leaves focus alone on the first page load', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'Start' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('after a link, focuses the new page heading once it appears (tabIndex -1)', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Till sidan som laddar' }));
    await screen.findByText('Laddar…');
    dataArrives();
    const heading = await screen.findByRole('heading', { name: 'Sen rubrik' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('after a programmatic move (a sign-in, a redirect) too', async () => {
    const router = renderAt('/');
    await router.navigate('/sen', { replace: true });
    await screen.findByText('Laddar…');
    dataArrives();
    const heading = await screen.findByRole('heading', { name: 'Sen rubrik' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('follows to the real heading when a stand-in heading is replaced as the data arrives', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Till sidan med tillfällig rubrik' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Terapeut' })).toHaveFocus());
    dataArrives();
    const real = await screen.findByRole('heading', { name: 'Anna Lindqvist' });
    await waitFor(() => expect(real).toHaveFocus());
  });

  it('never takes focus from what the page focused itself', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Till sidan med eget fokus' }));
    await screen.findByRole('heading', { name: 'Egen rubrik' });
    await afterRouteFocusHasSeenThePage();
    expect(screen.getByLabelText('Sök')).toHaveFocus();
  });
});
