#!/usr/bin/env node
/**
 * Keeps the web app's Swedish texts in one place per feature (decision 431):
 * a component under apps/web/src/features or apps/web/src/app holds no
 * Swedish text of its own; it reads its feature's `texts.ts` (one
 * `<FEATURE>_TEXTS` object) or, for shared and API texts, packages/contracts.
 *
 * What counts as a Swedish text literal (chosen to find real texts and not
 * class names, ids or URLs):
 * - a JSX text node with a letter in it (`<p>Hej</p>`);
 * - a string a person reads, with a letter in it: a JSX attribute or an
 *   object property named like one (`aria-label`, `title`, `placeholder`,
 *   `alt`, `label`...), or the argument of `useDocumentTitle` or `toast`;
 * - any string or template literal holding å, ä, ö, Å, Ä, Ö or é, or a
 *   word followed by "…";
 * - any string or template literal that reads like a sentence: a capitalised
 *   word followed by a lower-case one ("Skapa konto"), or two or more words
 *   with a common Swedish word among them ("och", "att", "inte", "du"...).
 *
 * Read: .ts and .tsx files under those folders, except tests, test data and
 * the texts files themselves.
 *
 * Usage: node scripts/check-web-texts.mjs [file ...]   (no files: the web app)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folders whose components take their texts from a texts file. */
const ROOTS = /^apps\/web\/src\/(?:features|app)\//;

/** Attributes whose value a person reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'description',
  'emptyText',
  'heading',
  'hint',
  'label',
  'placeholder',
  'title',
]);

const SWEDISH_LETTER = /[åäöÅÄÖé]/;
/** Common Swedish words that are not also English words or code. */
const SWEDISH_WORD =
  /(?<![\p{L}\p{N}_-])(?:och|att|av|inte|du|din|ditt|dina|dig|vi|oss|eller|med|som|till|inga|ingen|inget|alla|har|kan|ska|kunde|gick|fel|igen|sidan|ett|en|om)(?![\p{L}\p{N}_-])/iu;
const LETTER = /\p{L}/u;

/** Whether the file is one whose literals are checked. */
export function isChecked(path) {
  if (!ROOTS.test(path)) return false;
  if (!/\.tsx?$/.test(path)) return false;
  if (/\.(?:test|spec)\.tsx?$/.test(path)) return false;
  if (/(?:^|\/)__tests__\//.test(path)) return false;
  if (/(?:^|\/)(?:[\w-]+-)?texts\.ts$/.test(path)) return false;
  if (/(?:^|\/)test-data\.tsx?$/.test(path)) return false;
  return true;
}

/** Calls whose string argument a person reads. */
const TEXT_CALLS = /^(?:useDocumentTitle|toast(?:\.\w+)?)$/;

/** Whether a string literal's value reads as Swedish. */
export function isSwedish(value) {
  if (SWEDISH_LETTER.test(value)) return true;
  if (/\p{L}…/u.test(value)) return true;
  if (/^\s*\p{Lu}\p{Ll}+\s+\p{Ll}/u.test(value)) return true;
  return /\p{L}\s+\p{L}/u.test(value) && SWEDISH_WORD.test(value);
}

/** Whether a string literal sits where a person reads it whatever its words. */
function isReadText(node, source) {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    return TEXT_ATTRIBUTES.has(parent.name.getText(source).replace(/^['"]|['"]$/g, ''));
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(node)) {
    return TEXT_CALLS.test(parent.expression.getText(source));
  }
  return false;
}

/** Every Swedish text literal in `text` (a .ts or .tsx source), with line and column. */
export function findTexts(text, fileName = 'file.tsx') {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const report = (node, value, why) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, column: character + 1, text: value.trim(), why });
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text, 'a JSX text');
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) {
        if (TEXT_ATTRIBUTES.has(name) && LETTER.test(init.text)) {
          report(init, init.text, `a text in ${name}`);
        } else if (isSwedish(init.text)) {
          report(init, init.text, 'a Swedish string');
        }
        return;
      }
      const expr = init && ts.isJsxExpression(init) ? init.expression : undefined;
      if (expr && ts.isTemplateExpression(expr) && TEXT_ATTRIBUTES.has(name)) {
        const parts = [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)];
        if (LETTER.test(parts.join(''))) {
          report(expr, expr.getText(source), `a text in ${name}`);
          return;
        }
      }
    } else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      return; // module paths
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isSwedish(node.text)) report(node, node.text, 'a Swedish string');
      else if (LETTER.test(node.text) && isReadText(node, source)) {
        report(node, node.text, 'a text a person reads');
      }
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      if (isSwedish(parts.join(' '))) report(node, node.getText(source), 'a Swedish template');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function webFiles() {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z', 'apps/web/src'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(out.split('\0').filter(Boolean))];
}

/** Checks `paths` (or the web app), relative to `root`; the problems, one line each. */
export function check(paths = webFiles(), root = '.') {
  const problems = [];
  for (const path of paths.filter(isChecked)) {
    let text;
    try {
      text = readFileSync(join(root, path), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    for (const t of findTexts(text, path)) {
      problems.push(`${path}:${t.line}:${t.column}  ${JSON.stringify(t.text)}: ${t.why}`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const problems = check(args.length ? args : undefined);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} Swedish text(s) in a component: move them to the feature's texts.ts ` +
        '(one <FEATURE>_TEXTS object) or, when the API or both apps use them, to ' +
        'packages/contracts (decision 431).',
    );
    process.exit(1);
  }
}
