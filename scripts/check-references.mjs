#!/usr/bin/env node
/**
 * Refuses references a reader of this repository cannot follow: issue
 * numbers and the sections or names of design documents that live outside
 * it. A comment, test title or doc states the reason itself, or points to
 * `docs/rules/<file>.md#<heading>` or a decision record (docs/rules/README.md).
 *
 * Pointers into docs/rules must name an existing file and heading.
 *
 * Runs over every tracked or new file (`pnpm lint` runs it first). Applied
 * migrations stay as they were written, so packages/db/migrations/*.sql is
 * not read.
 *
 * Usage: node scripts/check-references.mjs [file ...]   (no files: the repository)
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What is refused, and what to write instead. */
export const FORBIDDEN = [
  {
    pattern: /\bissues?\s*(?:#\s*)?\d+/gi,
    why: 'an issue number (issues are not in the repository)',
  },
  {
    pattern: /\b(?:spec|design|style)\s*§\s*\d*|§\s*\d+/gi,
    why: 'a section of a design document outside the repository',
  },
  {
    pattern: /\b(?:spec|design|style)\.md\b/gi,
    why: 'a design document outside the repository',
  },
  {
    // The documents' own names, written as the team wrote them ("the SPEC's text").
    pattern: /\b(?:SPEC|DESIGN)\b(?!\s*§|\.md)/g,
    why: 'a design document outside the repository',
  },
];

const SUGGESTION =
  'state the reason in the comment, or point to docs/rules/<file>.md#<heading> or a decision record';

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of every docs/rules file: { 'bookings.md': Set { 'rebook', ... } }. */
export function ruleAnchors(dir = 'docs/rules') {
  const anchors = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const headings = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => headingAnchor(line.replace(/^#+/, '')));
    anchors[file] = new Set(headings);
  }
  return anchors;
}

/**
 * Pointers into docs/rules whose file or heading does not exist: a renamed
 * heading must take its citations along. `docs/rules/<file>.md#<anchor>`
 * anywhere, and `(<file>.md#<anchor>)` links inside docs/rules itself.
 */
export function findBrokenRuleLinks(text, anchors, { insideRules = false } = {}) {
  const found = [];
  const patterns = [/docs\/rules\/([\w-]+\.md)(?:#([\w-]+))?/g];
  if (insideRules) patterns.push(/\]\(([\w-]+\.md)(?:#([\w-]+))?\)/g);
  text.split('\n').forEach((line, index) => {
    for (const pattern of patterns) {
      for (const match of line.matchAll(pattern)) {
        const [, file, anchor] = match;
        const known = anchors[file];
        if (known && (!anchor || known.has(anchor))) continue;
        found.push({
          line: index + 1,
          column: match.index + 1,
          text: match[0],
          why: known ? `no heading #${anchor} in docs/rules/${file}` : `no docs/rules/${file}`,
        });
      }
    }
  });
  return found;
}

/** Files never read: applied migrations, binary assets, and this checker and its test (their examples). */
export function isChecked(path) {
  if (/^packages\/db\/migrations\/.*\.sql$/.test(path)) return false;
  if (/^scripts\/check-references(\.test)?\.mjs$/.test(path)) return false;
  if (/\.(png|jpe?g|gif|webp|ico|pdf|woff2?|ttf|otf)$/i.test(path)) return false;
  if (path === 'pnpm-lock.yaml') return false;
  return true;
}

/** Every refused reference in `text`, with its line and column (1-based). */
export function findReferences(text) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const { pattern, why } of FORBIDDEN) {
      for (const match of line.matchAll(pattern)) {
        found.push({ line: index + 1, column: match.index + 1, text: match[0], why });
      }
    }
  });
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

function repositoryFiles() {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split('\0').filter(Boolean))];
}

function readText(path) {
  let buffer;
  try {
    buffer = readFileSync(path);
  } catch {
    return null; // deleted in the working tree
  }
  if (buffer.includes(0)) return null; // binary
  return buffer.toString('utf8');
}

/** Checks `paths` (or the whole repository); the problems, one line each. */
export function check(paths = repositoryFiles(), anchors = ruleAnchors()) {
  const problems = [];
  for (const path of paths.filter(isChecked)) {
    const text = readText(path);
    if (text === null) continue;
    const insideRules = path.startsWith('docs/rules/');
    for (const ref of [
      ...findReferences(text),
      ...findBrokenRuleLinks(text, anchors, { insideRules }),
    ]) {
      problems.push(`${path}:${ref.line}:${ref.column}  "${ref.text}": ${ref.why}`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const problems = check(args.length ? args : undefined);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} reference(s) a reader cannot follow: ${SUGGESTION}.`);
    process.exit(1);
  }
}
