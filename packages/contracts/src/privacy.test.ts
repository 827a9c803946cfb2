import { describe, expect, it } from 'vitest';
import { ERASED_NAME } from './data-rights';
import { accessReaderText } from './privacy';

describe('accessReaderText', () => {
  it('names the reader and their role in lower case, as in a sentence', () => {
    expect(accessReaderText({ role: 'PROVIDER', name: 'Tora Terapeut', erased: false })).toBe(
      'Tora Terapeut, terapeut',
    );
    expect(accessReaderText({ role: 'ADMIN', name: 'Ada Admin', erased: false })).toBe(
      'Ada Admin, administratör',
    );
  });

  it('gives only the placeholder of an erased reader, which says the role already', () => {
    expect(accessReaderText({ role: 'PROVIDER', name: ERASED_NAME.PROVIDER, erased: true })).toBe(
      'Borttagen terapeut',
    );
  });
});
