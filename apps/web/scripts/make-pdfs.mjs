// Writes the two policy documents of the footer (docs/rules/accounts.md#public-pages) as PDF files into
// apps/web/public with pdf-lib (pure JavaScript, no binaries;
// docs/decisions/201-pdf-lib-for-policy-documents.md): the standard Helvetica
// fonts (WinAnsi, so å, ä, ö), text wrapped by the font's own widths, several
// pages, page numbers.
//
//   npx -y pnpm@10.34.8 --filter @samtalsmatch/web pdfs
//
// The output is reproducible (fixed dates, no random id); commit the
// generated PDFs. A unit test (make-pdfs.test.mjs) holds the committed files
// equal to what this script makes, and reads them back.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { privacyPolicy, termsAndCookies } from './pdf-content.mjs';

export const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');

/** The files of the footer's links (apps/web/src/config/paths.ts) and their text. */
export const DOCUMENTS = [
  ['integritetspolicy.pdf', privacyPolicy],
  ['anvandarvillkor-och-cookies.pdf', termsAndCookies],
];

/** A fixed date: the same text gives the same bytes. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const PAGE = { width: 595.28, height: 841.89, margin: 64 };
const STYLES = {
  title: { font: 'bold', size: 20, leading: 26, before: 0, after: 6 },
  subtitle: { font: 'regular', size: 10, leading: 14, before: 0, after: 14 },
  h: { font: 'bold', size: 13, leading: 18, before: 14, after: 4 },
  p: { font: 'regular', size: 10.5, leading: 15, before: 0, after: 7 },
  li: { font: 'regular', size: 10.5, leading: 15, before: 0, after: 3, indent: 14 },
};
const TEXT_COLOR = rgb(0.11, 0.11, 0.11);
const FOOTER_COLOR = rgb(0.33, 0.33, 0.33);

function wrap(text, font, size, maxWidth) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays out the blocks into pages of positioned lines. */
function layout(blocks, fonts) {
  const pages = [[]];
  const bottom = PAGE.margin + 24;
  let y = PAGE.height - PAGE.margin;
  const usable = PAGE.width - 2 * PAGE.margin;
  for (const block of blocks) {
    const style = STYLES[block.type];
    const indent = style.indent ?? 0;
    const lines = wrap(block.text, fonts[style.font], style.size, usable - indent);
    // Keep a heading with at least two lines of what follows.
    const needed = style.before + lines.length * style.leading + (block.type === 'h' ? 2 * 15 : 0);
    if (y - needed < bottom && pages.at(-1).length > 0) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    } else if (pages.at(-1).length > 0) {
      y -= style.before;
    }
    lines.forEach((line, index) => {
      if (y - style.leading < bottom) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= style.leading;
      const x = PAGE.margin + indent;
      if (block.type === 'li' && index === 0) {
        pages.at(-1).push({ text: '•', font: 'regular', size: style.size, x: PAGE.margin + 2, y });
      }
      pages.at(-1).push({ text: line, font: style.font, size: style.size, x, y });
    });
    y -= style.after;
  }
  return pages;
}

/** One policy document as PDF bytes. Throws on a character Helvetica (WinAnsi) cannot show. */
export async function buildPdf({ title, subject, blocks, footer }) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setSubject(subject);
  doc.setAuthor('Samtalsmatch');
  doc.setCreator('apps/web/scripts/make-pdfs.mjs');
  doc.setProducer('pdf-lib');
  doc.setLanguage('sv-SE');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const pages = layout(blocks, fonts);
  pages.forEach((lines, index) => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    for (const line of lines) {
      page.drawText(line.text, {
        x: line.x,
        y: line.y,
        size: line.size,
        font: fonts[line.font],
        color: TEXT_COLOR,
      });
    }
    const label = `${footer} – sida ${index + 1} av ${pages.length}`;
    const labelSize = 8.5;
    page.drawText(label, {
      x: (PAGE.width - fonts.regular.widthOfTextAtSize(label, labelSize)) / 2,
      y: PAGE.margin - 24,
      size: labelSize,
      font: fonts.regular,
      color: FOOTER_COLOR,
    });
  });
  return doc.save({ useObjectStreams: false });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, content] of DOCUMENTS) {
    const bytes = await buildPdf(content);
    writeFileSync(path.join(OUT_DIR, file), bytes);
    console.log(`${file}: ${bytes.length} bytes`);
  }
}
