import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The visual system holds in the source (docs/decisions/300): colours and
 * shadows come from the theme's tokens (index.css), and buttons from the one
 * `Button`. Every web source file is read as text, tests included.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!./design-system.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Read from disk: the test runner hands a stylesheet's import over empty.
const themeCss = readFileSync(`${import.meta.dirname}/../index.css`, 'utf8');

/** The colour tokens of the theme: name → its shades ('brand' → {'50', ..., '900'}). */
export function themeColours(css: string): Map<string, Set<string>> {
  const colours = new Map<string, Set<string>>();
  for (const [, name, shade] of css.matchAll(/--color-([a-z]+)-(\d{2,3}):/g)) {
    colours.set(name!, (colours.get(name!) ?? new Set()).add(shade!));
  }
  return colours;
}

/** Tailwind's own neutrals are the theme's neutrals (index.css); any shade of them. */
const NEUTRALS = new Set(['stone']);

const COLOUR_UTILITY =
  /(?<![\w-])(?:bg|text|border(?:-[xytrblse])?|ring(?:-offset)?|outline|divide|from|via|to|fill|stroke|decoration|accent|caret|placeholder|shadow|inset-shadow|drop-shadow)-([a-z]+)-(\d{2,3})(?![\w-])/g;
/** A colour or shadow written by hand: `bg-[#fff]`, `text-[rgb(...)]`, `shadow-[0_1px_...]`. */
const ARBITRARY =
  /(?<![\w-])(?:[a-z-]+-\[(?:#|rgba?\(|hsla?\(|oklch\(|oklab\(|color:)|(?:inset-|drop-)?shadow-\[)/g;

/** The colour and shadow classes in `text` that are not the theme's tokens. */
export function rawStyleClasses(text: string, colours: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(COLOUR_UTILITY)) {
    const [whole, name, shade] = match;
    if (NEUTRALS.has(name!)) continue;
    if (colours.get(name!)?.has(shade!)) continue;
    found.push(whole);
  }
  for (const match of text.matchAll(ARBITRARY)) found.push(match[0]);
  return found;
}

/*
 * Elements that act like buttons but are not `Button` (decision 300), by file
 * and how many, each for a reason: they look like what they are, not like an
 * action.
 */
const OWN_BUTTONS: Record<string, { count: number; why: string }> = {
  'components/ui/accordion.tsx': { count: 1, why: "a disclosure: the FAQ's questions" },
  'app/layouts/footer.tsx': {
    count: 1,
    why: "a link-looking action ('Ändra cookie inställningar')",
  },
  'app/layouts/mobile-menu.tsx': { count: 1, why: "a menu entry ('Logga ut'), like the links" },
  'features/auth/components/auth-choice.tsx': { count: 1, why: 'the choice cards of /auth' },
  'features/bookings/components/client-time-picker.tsx': { count: 1, why: 'the times to pick' },
  'features/bookings/components/provider-booking-tables.tsx': {
    count: 1,
    why: "a client's name in the history table, link-looking",
  },
  'features/bookings/components/provider-bookings.tsx': { count: 2, why: 'two tabs' },
  'features/availability/components/day-switcher.tsx': { count: 1, why: 'the day tabs' },
};

/** Opening tags of buttons (and Radix parts that render one) that do not take the Button's look. */
export function ownButtons(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/<(button|[A-Z]\w*\.(?:Trigger|Close))\b/g)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < text.length; end += 1) {
      const c = text[end];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    const tag = text.slice(match.index, end + 1);
    if (/\basChild\b|buttonClass\(/.test(tag)) continue;
    found.push(tag);
  }
  return found;
}

/*
 * Dates go through the Stockholm helpers of packages/contracts, each with its
 * one form (formatStockholm, formatStockholmDay, ...; atLineStart where a line
 * starts), never a pattern, a browser locale or a capital made by CSS (which
 * screen readers and tests do not see).
 */
export function ownDateFormats(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /formatStockholmPlain\(|toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat|from 'date-fns|first-letter:uppercase|(?<![\w-])capitalize(?![\w-])/g,
  )) {
    found.push(match[0]);
  }
  // formatStockholm(t) only: a second argument is a pattern of its own.
  for (const match of text.matchAll(/\bformatStockholm\(/g)) {
    let depth = 1;
    for (let i = match.index + match[0].length; i < text.length && depth > 0; i += 1) {
      const c = text[i];
      if (c === '(' || c === '[' || c === '{') depth += 1;
      else if (c === ')' || c === ']' || c === '}') depth -= 1;
      else if (c === ',' && depth === 1) {
        found.push('formatStockholm(…, pattern)');
        break;
      }
    }
  }
  return found;
}

const files = Object.entries(sources).map(
  ([path, text]) => [path.replace(/^\.\.\//, ''), text] as const,
);
const productFiles = files.filter(([path]) => !/\.test\.tsx?$|^test\//.test(path));

describe('the theme tokens', () => {
  const colours = themeColours(themeCss);

  it('are read from index.css', () => {
    expect([...colours.keys()]).toEqual(
      expect.arrayContaining(['brand', 'accent', 'danger', 'success', 'warning', 'info']),
    );
  });

  it('let through the tokens and stone, and catch raw palettes, undefined shades and arbitrary values', () => {
    expect(
      rawStyleClasses(
        'bg-brand-700 hover:text-stone-900 border-t-danger-700 bg-white text-xl py-0.5 bg-brand-700/50',
        colours,
      ),
    ).toEqual([]);
    expect(
      rawStyleClasses(
        'bg-red-600 md:text-emerald-700 border-amber-600/40 bg-success-200 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] bg-[#fff] text-[rgb(1,2,3)]',
        colours,
      ),
    ).toEqual([
      'bg-red-600',
      'text-emerald-700',
      'border-amber-600',
      'bg-success-200',
      'shadow-[',
      'bg-[#',
      'text-[rgb(',
    ]);
  });

  it.each(files)('are the only colours and shadows in %s', (_path, text) => {
    expect(rawStyleClasses(text, colours)).toEqual([]);
  });
});

describe('buttons', () => {
  it('catch a hand-styled button or Radix trigger, and let through the Button look', () => {
    expect(
      ownButtons('<button type="button" className="rounded bg-white">x</button>'),
    ).toHaveLength(1);
    expect(ownButtons('<Dialog.Trigger className="rounded">x</Dialog.Trigger>')).toHaveLength(1);
    expect(
      ownButtons(
        `<Dialog.Close className={buttonClass('secondary')} onClick={() => a > b}>x</Dialog.Close>`,
      ),
    ).toEqual([]);
    expect(ownButtons('<Popover.Trigger asChild><Button>x</Button></Popover.Trigger>')).toEqual([]);
  });

  // A test's own harness may use a plain button to drive what it tests.
  it.each(productFiles)(
    'come from Button in %s, but for the documented exceptions',
    (path, text) => {
      expect(ownButtons(text)).toHaveLength(OWN_BUTTONS[path]?.count ?? 0);
    },
  );
});

describe('dates', () => {
  it('catch a pattern, a locale, a CSS capital; let through the helpers', () => {
    expect(
      ownDateFormats(
        `formatStockholmPlain(t, 'd MMM') formatStockholm(t, "d MMMM yyyy") d.toLocaleDateString('sv') <p className="first-letter:uppercase capitalize">`,
      ),
    ).toEqual([
      'formatStockholmPlain(',
      'toLocaleDateString(',
      'first-letter:uppercase',
      'capitalize',
      'formatStockholm(…, pattern)',
    ]);
    expect(
      ownDateFormats(
        'atLineStart(formatStockholm(toDate(a, b))) formatStockholm(t) formatStockholmDay(t)',
      ),
    ).toEqual([]);
  });

  it.each(productFiles)('come from the Stockholm helpers in %s', (_path, text) => {
    expect(ownDateFormats(text)).toEqual([]);
  });
});

/**
 * A page's title and its section headings take the type scale (index.css:
 * type-display, type-title, type-heading, type-subheading, decision 480)
 * rather than a size and a weight of their own, and no heading is bold (700).
 */
export function headingsOffScale(text: string): string[] {
  const found: string[] = [];
  for (const [element, level, className] of text.matchAll(
    /<h([12])\b[^>]*?className="([^"]*)"/gs,
  )) {
    if (/\bfont-(bold|extrabold|black)\b/.test(className!)) found.push(element);
    else if (level === '1' && !/\b(type-(display|title)|sr-only)\b/.test(className!))
      found.push(element);
  }
  return found;
}

describe('headings', () => {
  it('catch a bold heading and a title sized by hand; let the scale through', () => {
    expect(
      headingsOffScale(
        '<h1 className="text-2xl font-semibold">A</h1> <h2 id="x" className="text-3xl font-bold">B</h2>',
      ),
    ).toHaveLength(2);
    expect(
      headingsOffScale(
        '<h1 className="type-title text-stone-900">A</h1> <h2 className="type-heading">B</h2> <h1 className="sr-only">C</h1>',
      ),
    ).toEqual([]);
  });

  it.each(productFiles)('take the type scale in %s', (_path, text) => {
    expect(headingsOffScale(text)).toEqual([]);
  });
});
