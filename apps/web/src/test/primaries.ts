/**
 * The names of the primary buttons and button-looking links in `scope`
 * (each Button says its variant in data-variant). Open dialogs count on their
 * own: at most one primary per view and per dialog (decision 300).
 */
export function primaryNames(scope: HTMLElement = document.body): string[] {
  return Array.from(scope.querySelectorAll<HTMLElement>('[data-variant="primary"]'))
    .filter((el) => scope.getAttribute('role') === 'dialog' || !el.closest('[role="dialog"]'))
    .map((el) => el.textContent?.trim() ?? '');
}

const crowded = new Set<string>();

/**
 * Watches every web test for a dialog that shows more than one primary action
 * at any moment (setup.ts fails the test after it). Returns a stop function.
 */
export function watchDialogPrimaries(root: Node = document.body): () => void {
  const observer = new MutationObserver(() => {
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      const names = primaryNames(dialog);
      if (names.length > 1) {
        const title = dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent;
        crowded.add(`${title ?? 'dialog'}: ${names.join(', ')}`);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true });
  return () => observer.disconnect();
}

/** The dialogs seen with more than one primary since the last call (and forgets them). */
export function takeCrowdedDialogs(): string[] {
  const seen = [...crowded];
  crowded.clear();
  return seen;
}
