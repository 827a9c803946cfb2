import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  check,
  findBrokenRuleLinks,
  findReferences,
  headingAnchor,
  isChecked,
  ruleAnchors,
} from './check-references.mjs';

// Built from parts, so this file itself passes the check it tests.
const ISSUE = ['iss', 'ue 12'].join('');
const PARA = '\u00a7';
const SECTION = `${'SP' + 'EC'} ${PARA}5`;
const DESIGN_SECTION = `${'DES' + 'IGN'} ${PARA}4`;

describe('findReferences', () => {
  it.each([
    [`// Never two winners (${ISSUE}, point 2).`, ISSUE],
    [`// ${ISSUE.replace('i', 'I')}: the client's journey`, ISSUE.replace('i', 'I')],
    [`it('runs the checks of ${SECTION} in order', () => {})`, SECTION],
    [`/** ${DESIGN_SECTION}: a bookable slot. */`, DESIGN_SECTION],
    [`see ${['issue', '#20'].join(' ')}`, ['issue', '#20'].join(' ')],
    [`themselves "not shown" (${PARA}9).`, `${PARA}9`],
    [`as ${'DES' + 'IGN'}.md says`, `${'DES' + 'IGN'}.md`],
    [`below the ${['SP', 'EC'].join('')}'s empty state`, ['SP', 'EC'].join('')],
  ])('refuses %j', (line, text) => {
    expect(findReferences(line).map((r) => r.text)).toContain(text);
  });

  it.each([
    '// Each transition locks the booking (docs/rules/bookings.md#transactions).',
    '/** Expired requests free their slots (decision 170). */',
    "test.describe('the booking spec', () => {})",
    'an issue with the session, the spec file, 12 issues',
    "'Bokningar endast mellan 7:00-21:00'",
  ])('lets %j through', (line) => {
    expect(findReferences(line)).toEqual([]);
  });

  it('gives the line and column of each', () => {
    expect(findReferences(`a\nb (${ISSUE})`)).toEqual([
      expect.objectContaining({ line: 2, column: 4, text: ISSUE }),
    ]);
  });
});

describe('pointers into docs/rules', () => {
  const anchors = { 'bookings.md': new Set(['rebook', 'client-cancel-policy']) };

  it('names headings as GitHub anchors them', () => {
    expect(headingAnchor(' E-mail change')).toBe('e-mail-change');
    expect(headingAnchor('Cancel by the therapist')).toBe('cancel-by-the-therapist');
    expect(headingAnchor("What's kept, and why")).toBe('whats-kept-and-why');
  });

  it('passes an existing file and heading, and refuses a missing heading or file', () => {
    expect(findBrokenRuleLinks('// docs/rules/bookings.md#rebook', anchors)).toEqual([]);
    expect(findBrokenRuleLinks('// see docs/rules/bookings.md', anchors)).toEqual([]);
    expect(findBrokenRuleLinks('// docs/rules/bookings.md#re-book', anchors)).toEqual([
      expect.objectContaining({ text: 'docs/rules/bookings.md#re-book' }),
    ]);
    expect(findBrokenRuleLinks('// docs/rules/booking.md#rebook', anchors)).toEqual([
      expect.objectContaining({ why: 'no docs/rules/booking.md' }),
    ]);
  });

  it('checks relative links only inside docs/rules', () => {
    const link = 'see [bookings](bookings.md#rebok)';
    expect(findBrokenRuleLinks(link, anchors)).toEqual([]);
    expect(findBrokenRuleLinks(link, anchors, { insideRules: true })).toHaveLength(1);
  });

  it('every pointer in the repository names a heading that exists', () => {
    expect(Object.keys(ruleAnchors())).toContain('bookings.md');
    expect(check()).toEqual([]);
  });
});

describe('check', () => {
  it('reports a planted comment in a source file and passes a clean one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'refs-'));
    const planted = join(dir, 'planted.ts');
    const clean = join(dir, 'clean.ts');
    writeFileSync(planted, `export const x = 1;\n// See ${SECTION} and ${ISSUE}.\n`);
    writeFileSync(clean, '// See docs/rules/bookings.md#rebook.\nexport const y = 2;\n');
    const problems = check([planted, clean]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`${planted}:2:`);
    expect(check([clean])).toEqual([]);
  });

  it('leaves applied migrations and binary assets alone, and reads docs and tests', () => {
    expect(isChecked('packages/db/migrations/0003_bookings.sql')).toBe(false);
    expect(isChecked('docs/screens/dashboard.png')).toBe(false);
    expect(isChecked('packages/db/src/seed/demo.ts')).toBe(true);
    expect(isChecked('docs/decisions/170-expired-requests.md')).toBe(true);
    expect(isChecked('e2e/tests/client/booking.spec.ts')).toBe(true);
  });
});
