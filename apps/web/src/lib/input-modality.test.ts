import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { trackInputModality } from './input-modality';

describe('trackInputModality', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    delete document.documentElement.dataset.input;
  });

  it('records a pointer, then the keyboard, then a pointer again', () => {
    stop = trackInputModality();
    fireEvent.pointerDown(document.body);
    expect(document.documentElement.dataset.input).toBe('pointer');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(document.documentElement.dataset.input).toBe('keyboard');
    fireEvent.pointerDown(document.body);
    expect(document.documentElement.dataset.input).toBe('pointer');
  });

  it('keeps the pointer for a modifier key alone', () => {
    stop = trackInputModality();
    fireEvent.pointerDown(document.body);
    fireEvent.keyDown(document.body, { key: 'Control' });
    expect(document.documentElement.dataset.input).toBe('pointer');
  });

  it("keeps a touch user a pointer user when the phone's keyboard types and submits (Enter) in a field", () => {
    stop = trackInputModality();
    const field = document.createElement('input');
    field.type = 'email';
    document.body.append(field);
    fireEvent.pointerDown(field);
    fireEvent.keyDown(field, { key: 'a' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(document.documentElement.dataset.input).toBe('pointer');
    const text = document.createElement('textarea');
    document.body.append(text);
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(document.documentElement.dataset.input).toBe('pointer');
    field.remove();
    text.remove();
  });

  it('keeps a keyboard user a keyboard user after typing and Enter in a field they tabbed to', () => {
    stop = trackInputModality();
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.pointerDown(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.keyDown(field, { key: 'x' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(document.documentElement.dataset.input).toBe('keyboard');
    field.remove();
  });

  it('counts Tab out of a field, and keys on a checkbox or a button, as the keyboard', () => {
    stop = trackInputModality();
    const field = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    const button = document.createElement('button');
    document.body.append(field, box, button);
    for (const [target, key] of [
      [field, 'Tab'],
      [box, ' '],
      [button, 'Enter'],
    ] as const) {
      fireEvent.pointerDown(document.body);
      fireEvent.keyDown(target, { key });
      expect(document.documentElement.dataset.input, `${target.tagName} ${key}`).toBe('keyboard');
    }
    field.remove();
    box.remove();
    button.remove();
  });
});
