/**
 * Records on <html data-input> whether the user's last input was a pointer
 * (mouse, touch, pen) or the keyboard. The stylesheet uses it so that what
 * only the page focuses (a heading after navigation) shows no focus ring to
 * pointer users and always shows it to keyboard users (index.css).
 *
 * Typing inside a text field says nothing about how the user moves around:
 * a phone's on-screen keyboard types too, and its 'Gå'/'Skicka' key is an
 * Enter that submits the form. Keys pressed in a text field other than Tab
 * keep the modality as it was: the touch user who tapped the field stays a
 * pointer user; the keyboard user who tabbed into it stays a keyboard user.
 */
export function trackInputModality(doc: Document = document): () => void {
  const root = doc.documentElement;
  const onPointer = () => {
    root.dataset.input = 'pointer';
  };
  const onKey = (event: KeyboardEvent) => {
    // A modifier alone (Ctrl+click, Shift+click) is still a pointer action.
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
    if (event.key !== 'Tab' && isTextField(event.target)) return;
    root.dataset.input = 'keyboard';
  };
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('keydown', onKey, true);
  return () => {
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('keydown', onKey, true);
  };
}

/** Input types that are not typed into. */
const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** A field the user types text into (an input of a text kind, a textarea, editable content). */
function isTextField(target: EventTarget | null): boolean {
  if (!target || !(target as Node).nodeType) return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA') return true;
  return el.tagName === 'INPUT' && !NOT_TYPED.has((el as HTMLInputElement).type);
}
