import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildPdf, DOCUMENTS, OUT_DIR } from './make-pdfs.mjs';

// WinAnsi codes 0x80-0x9f that differ from Latin-1 (the ones our texts use).
const WIN_ANSI_HIGH = { 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

function streamBytes(stream) {
  return stream instanceof PDFRawStream
    ? decodePDFRawStream(stream).decode()
    : stream.getContents();
}

/** The text a page shows, in drawing order: every `<hex> Tj` decoded from WinAnsi. */
function pageText(page) {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
      : [contents];
  const ops = streams.map((s) => Buffer.from(streamBytes(s)).toString('latin1')).join('\n');
  return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) =>
    [...Buffer.from(hex, 'hex')].map((b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join(''),
  );
}

/** What each document must say (the footer's two PDFs), whatever else changes in pdf-content.mjs. */
const PHRASES = {
  'integritetspolicy.pdf': [
    'Integritetspolicy',
    'dataskyddsförordningen',
    'Integritetsskyddsmyndigheten',
  ],
  'anvandarvillkor-och-cookies.pdf': [
    'Användarvillkor & Cookies',
    'Ändra cookie inställningar',
    '112',
  ],
};

const squash = (text) => text.replace(/\s+/g, ' ').trim();

describe.each(DOCUMENTS)('%s', (file, content) => {
  const committed = readFileSync(path.join(OUT_DIR, file));

  it('is exactly what make-pdfs.mjs makes (regenerate and commit after a text change)', async () => {
    const made = Buffer.from(await buildPdf(content));
    expect(made.equals(committed)).toBe(true);
  });

  it('parses, with its title, language and numbered pages', async () => {
    const pdf = await PDFDocument.load(committed, { updateMetadata: false });
    expect(pdf.getTitle()).toBe(content.title);
    expect(pdf.getSubject()).toBe(content.subject);
    const raw = committed.toString('latin1');
    expect(raw).toContain('/Lang (sv-SE)');
    expect(raw).toMatch(/\/BaseFont \/Helvetica\s*\/Encoding \/WinAnsiEncoding/);
    expect(raw).toMatch(/\/BaseFont \/Helvetica-Bold\s*\/Encoding \/WinAnsiEncoding/);
    const pages = pdf.getPages();
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
      expect(pageText(page).at(-1)).toBe(`${content.footer} – sida ${i + 1} av ${pages.length}`);
    });
  });

  it('shows every block of pdf-content.mjs, in order, å ä ö included', async () => {
    const pdf = await PDFDocument.load(committed);
    const pages = pdf.getPages();
    const footers = pages.map((_, i) => `${content.footer} – sida ${i + 1} av ${pages.length}`);
    const shown = squash(
      pages
        .flatMap(pageText)
        .filter((t) => !footers.includes(t) && t !== '•')
        .join(' '),
    );
    let from = 0;
    for (const block of content.blocks) {
      const at = shown.indexOf(squash(block.text), from);
      expect({ block: block.text, found: at >= 0 }).toEqual({ block: block.text, found: true });
      from = at + 1;
    }
    expect(shown).toMatch(/[åäö]/);
    for (const phrase of PHRASES[file]) expect(shown).toContain(phrase);
    const bullets = pages.flatMap(pageText).filter((t) => t === '•').length;
    expect(bullets).toBe(content.blocks.filter((b) => b.type === 'li').length);
  });
});

it('refuses a character the standard font cannot show, rather than writing a broken file', async () => {
  await expect(
    buildPdf({ title: 'T', subject: 'S', footer: 'F', blocks: [{ type: 'p', text: 'Hej 😀' }] }),
  ).rejects.toThrow();
});
