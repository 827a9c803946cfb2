import { describe, expect, it } from 'vitest';
import privacyPolicyUrl from '../../public/integritetspolicy.pdf?inline';
import termsUrl from '../../public/anvandarvillkor-och-cookies.pdf?inline';

/** The file's bytes as a latin1 string (Vite inlines it as a base64 data URL). */
const bytes = (dataUrl: string) => atob(dataUrl.slice(dataUrl.indexOf(',') + 1));

/** The text shown by the PDF's Tj operators, decoded from WinAnsi. */
function shownText(pdf: string): string {
  const decode = (s: string) =>
    s
      .replace(/\\([()\\])/g, '$1')
      .replace(/\x96/g, '–')
      .replace(/\x92/g, '’');
  return [...pdf.matchAll(/\((.*?)(?<!\\)\) Tj/g)].map((m) => decode(m[1]!)).join(' ');
}

describe.each([
  [
    'integritetspolicy.pdf',
    privacyPolicyUrl,
    'Integritetspolicy',
    ['dataskyddsförordningen', 'Integritetsskyddsmyndigheten'],
  ],
  [
    'anvandarvillkor-och-cookies.pdf',
    termsUrl,
    'Användarvillkor & Cookies',
    ['Ändra cookie inställningar', '112'],
  ],
])('%s (SPEC §2 footer)', (_file, dataUrl, title, phrases) => {
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

  it('is Swedish, uses WinAnsi Helvetica, and says what it should', () => {
    expect(pdf).toContain('/Lang (sv-SE)');
    expect(pdf).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    const text = shownText(pdf);
    expect(text).toContain(title);
    for (const phrase of phrases) expect(text.replace(/\s+/g, ' ')).toContain(phrase);
    expect(text).toMatch(/[åäö]/);
  });
});
