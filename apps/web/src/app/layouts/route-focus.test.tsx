import { render, screen, waitFor } from '@testing-library/react';
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

/** A page whose heading comes after its data (a moment later). */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(t);
  }, []);
  return ready ? <h1>Sen rubrik</h1> : <p>Laddar…</p>;
}

/** A page with a stand-in heading while its data loads, replaced by the real one (the provider page). */
function StandInPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(t);
  }, []);
  return ready ? <h1 key="real">Anna Lindqvist</h1> : <h1 key="stand-in">Terapeut</h1>;
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
    const heading = await screen.findByRole('heading', { name: 'Sen rubrik' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('after a programmatic move (a sign-in, a redirect) too', async () => {
    const router = renderAt('/');
    await router.navigate('/sen', { replace: true });
    const heading = await screen.findByRole('heading', { name: 'Sen rubrik' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('follows to the real heading when a stand-in heading is replaced as the data arrives', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Till sidan med tillfällig rubrik' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Terapeut' })).toHaveFocus());
    const real = await screen.findByRole('heading', { name: 'Anna Lindqvist' });
    await waitFor(() => expect(real).toHaveFocus());
  });

  it('never takes focus from what the page focused itself', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Till sidan med eget fokus' }));
    await screen.findByRole('heading', { name: 'Egen rubrik' });
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.getByLabelText('Sök')).toHaveFocus();
  });
});
