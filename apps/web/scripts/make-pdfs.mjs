// Writes the two policy documents of the footer (SPEC §2) as real PDF files
// into apps/web/public, with no dependency: PDF 1.4 written by hand, the
// standard Helvetica fonts in WinAnsiEncoding (for å, ä, ö), text wrapped
// with Helvetica's own character widths, several pages, page numbers.
//
//   node apps/web/scripts/make-pdfs.mjs
//
// The output is reproducible (fixed dates); commit the generated PDFs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { privacyPolicy, termsAndCookies } from './pdf-content.mjs';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');

// Helvetica and Helvetica-Bold advance widths (1/1000 em, from Adobe's AFM files).
const CHARS =
  ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZåäöÅÄÖéÉü–—’“”•©§';
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 278, 278, 584,
  584, 584, 556, 1015, 278, 278, 278, 469, 556, 333, 334, 260, 334, 584, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556,
  556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
  556, 556, 556, 667, 667, 778, 556, 667, 556, 556, 1000, 222, 333, 333, 350, 737, 556,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 333, 333, 584,
  584, 584, 611, 975, 333, 278, 333, 584, 556, 333, 389, 280, 389, 584, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611,
  611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
  556, 556, 611, 722, 722, 778, 556, 667, 611, 556, 1000, 278, 500, 500, 350, 737, 556,
];
const WIDTHS = {
  regular: new Map([...CHARS].map((c, i) => [c, REGULAR[i]])),
  bold: new Map([...CHARS].map((c, i) => [c, BOLD[i]])),
};

// WinAnsiEncoding codes of the characters outside ASCII.
const WIN_ANSI = new Map([
  ['å', 0xe5],
  ['ä', 0xe4],
  ['ö', 0xf6],
  ['Å', 0xc5],
  ['Ä', 0xc4],
  ['Ö', 0xd6],
  ['é', 0xe9],
  ['É', 0xc9],
  ['ü', 0xfc],
  ['–', 0x96],
  ['—', 0x97],
  ['’', 0x92],
  ['“', 0x93],
  ['”', 0x94],
  ['•', 0x95],
  ['©', 0xa9],
  ['§', 0xa7],
]);

function checkText(text) {
  for (const c of text) {
    if (!WIDTHS.regular.has(c))
      throw new Error(`Character not supported in the PDF: ${JSON.stringify(c)} in "${text}"`);
  }
}

function textWidth(text, font, size) {
  let units = 0;
  for (const c of text) units += WIDTHS[font].get(c);
  return (units * size) / 1000;
}

/** A PDF string literal in WinAnsi bytes, as a latin1 JS string. */
function pdfString(text) {
  let out = '(';
  for (const c of text) {
    const code = WIN_ANSI.get(c) ?? c.charCodeAt(0);
    const ch = String.fromCharCode(code);
    out += ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `${out})`;
}

/** A text string for the document information (UTF-16BE with BOM, hex). */
function infoString(text) {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

function wrap(text, font, size, maxWidth) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, font, size) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const PAGE = { width: 595.28, height: 841.89, margin: 64 };
const STYLES = {
  title: { font: 'bold', size: 20, leading: 26, before: 0, after: 6 },
  subtitle: { font: 'regular', size: 10, leading: 14, before: 0, after: 14 },
  h: { font: 'bold', size: 13, leading: 18, before: 14, after: 4 },
  p: { font: 'regular', size: 10.5, leading: 15, before: 0, after: 7 },
  li: { font: 'regular', size: 10.5, leading: 15, before: 0, after: 3, indent: 14 },
};

/** Lays out the blocks into pages of positioned lines. */
function layout(blocks) {
  const pages = [[]];
  const bottom = PAGE.margin + 24;
  let y = PAGE.height - PAGE.margin;
  const usable = PAGE.width - 2 * PAGE.margin;
  for (const block of blocks) {
    const style = STYLES[block.type];
    checkText(block.text);
    const indent = style.indent ?? 0;
    const lines = wrap(block.text, style.font, style.size, usable - indent);
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

function buildPdf({ title, subject, blocks, footer }) {
  const pages = layout(blocks);
  const objects = []; // index i holds object number i + 1
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const catalogId = add(null);
  const pagesId = add(null);
  const regularId = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const boldId = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const pageIds = [];
  pages.forEach((lines, index) => {
    const ops = ['0.11 0.11 0.11 rg'];
    for (const line of lines) {
      const fontName = line.font === 'bold' ? '/F2' : '/F1';
      ops.push(
        `BT ${fontName} ${line.size} Tf ${line.x.toFixed(2)} ${line.y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`,
      );
    }
    const pageLabel = `${footer} – sida ${index + 1} av ${pages.length}`;
    const labelWidth = textWidth(pageLabel, 'regular', 8.5);
    ops.push('0.33 0.33 0.33 rg');
    ops.push(
      `BT /F1 8.5 Tf ${((PAGE.width - labelWidth) / 2).toFixed(2)} ${(PAGE.margin - 24).toFixed(2)} Td ${pdfString(pageLabel)} Tj ET`,
    );
    const stream = ops.join('\n');
    const contentId = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${regularId} 0 R /F2 ${boldId} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  });
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[catalogId - 1] =
    `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (sv-SE) /ViewerPreferences << /DisplayDocTitle true >> >>`;
  const infoId = add(
    `<< /Title ${infoString(title)} /Subject ${infoString(subject)} /Author (Samtalsmatch) /Creator (apps/web/scripts/make-pdfs.mjs) /Producer (Samtalsmatch) /CreationDate (D:20250101000000Z) /ModDate (D:20250101000000Z) >>`,
  );

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

for (const [file, doc] of [
  ['integritetspolicy.pdf', privacyPolicy],
  ['anvandarvillkor-och-cookies.pdf', termsAndCookies],
]) {
  const bytes = buildPdf(doc);
  writeFileSync(path.join(outDir, file), bytes);
  console.log(`${file}: ${bytes.length} bytes`);
}
