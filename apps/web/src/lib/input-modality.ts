/**
 * Records on <html data-input> whether the user's last input was a pointer
 * (mouse, touch, pen) or the keyboard. The stylesheet uses it so that what
 * only the page focuses (a heading after navigation) shows no focus ring to
 * pointer users and always shows it to keyboard users (index.css).
 */
export function trackInputModality(doc: Document = document): () => void {
  const root = doc.documentElement;
  const onPointer = () => {
    root.dataset.input = 'pointer';
  };
  const onKey = (event: KeyboardEvent) => {
    // A modifier alone (Ctrl+click, Shift+click) is still a pointer action.
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
    root.dataset.input = 'keyboard';
  };
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('keydown', onKey, true);
  return () => {
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('keydown', onKey, true);
  };
}
