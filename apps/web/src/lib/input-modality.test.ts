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
});
