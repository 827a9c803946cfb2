import { describe, expect, it } from 'vitest';
import privacyPolicyUrl from '../../public/integritetspolicy.pdf?inline';
import termsUrl from '../../public/anvandarvillkor-och-cookies.pdf?inline';

/** The file's bytes as a latin1 string (Vite inlines it as a base64 data URL). */
const bytes = (dataUrl: string) => atob(dataUrl.slice(dataUrl.indexOf(',') + 1));

// Their text, fonts and pages: apps/web/scripts/make-pdfs.test.mjs (read back with pdf-lib).
describe.each([
  ['integritetspolicy.pdf', privacyPolicyUrl],
  ['anvandarvillkor-och-cookies.pdf', termsUrl],
])('%s (the footer document, as served)', (_file, dataUrl) => {
  const pdf = bytes(dataUrl);

  it('is a well-formed PDF: every xref offset points at its object', () => {
    expect(pdf.startsWith('%PDF-1.')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    const table = pdf.slice(startxref).split('\n');
    expect(table[0]).toBe('xref');
    const count = Number(table[1]!.split(' ')[1]);
    for (let id = 1; id < count; id += 1) {
      const offset = Number(table[2 + id]!.slice(0, 10));
      expect(pdf.startsWith(`${id} 0 obj`, offset)).toBe(true);
    }
  });
});
