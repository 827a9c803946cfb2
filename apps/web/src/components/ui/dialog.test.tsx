import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

/*
 * jsdom lays nothing out: the dialog's scrolling body is given a content
 * taller than itself, and its size never changes, as when a loaded list
 * replaces a spinner of the same height.
 */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute('data-dialog-body') ? 1000 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute('data-dialog-body') ? 300 : 0;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function body() {
  return screen.getByRole('dialog').querySelector<HTMLElement>('[data-dialog-body]')!;
}

describe('a dialog taller than the screen', () => {
  it('lets the keyboard scroll a body with nothing to focus, and stops once its content gains a link', async () => {
    const dialog = (content: React.ReactNode) => (
      <Dialog open onOpenChange={() => {}} title="Villkor">
        {content}
      </Dialog>
    );
    const { rerender } = render(dialog(<p>Laddar…</p>));
    expect(body()).toHaveAttribute('tabindex', '0');

    rerender(
      dialog(
        <p>
          Läs <a href="/villkor">villkoren</a>.
        </p>,
      ),
    );
    await vi.waitFor(() => expect(body()).not.toHaveAttribute('tabindex'));
  });
});
