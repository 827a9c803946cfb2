import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, findTexts, isChecked, isSwedish } from './check-web-texts.mjs';

const texts = (source, file = 'x.tsx') => findTexts(source, file).map((t) => t.text);

describe('findTexts', () => {
  it.each([
    ['<h1>Frågeformulär</h1>', 'Frågeformulär'],
    ['<p>Logga in</p>', 'Logga in'],
    ['<Button>Rensa</Button>', 'Rensa'],
    ['<span className="sr-only">Steg {n}: </span>', 'Steg'],
    ['<Field label="Titel" />', 'Titel'],
    ['<form aria-label="Skapa konto" />', 'Skapa konto'],
    ['<img alt={`Profilbild av ${name}`} />', '`Profilbild av ${name}`'],
    ["<Dialog title={busy ? 'Sparar…' : label} />", 'Sparar…'],
    ["const t = 'Välj tid';", 'Välj tid'],
    ["toast.success('Sparat');", 'Sparat'],
    ["useDocumentTitle('Profil');", 'Profil'],
    ["const cell = { label: 'ledig', visible: '' };", 'ledig'],
    ["const open = 'Visa profil';", 'Visa profil'],
    ['const s = `Vecka ${n} av ${total}`;', '`Vecka ${n} av ${total}`'],
    ["const s = n + ' tider kvar att boka du';", 'tider kvar att boka du'],
    ['const s = `${n} av ${total} tider valda.`;', '`${n} av ${total} tider valda.`'],
  ])('finds the text in %j', (source, text) => {
    expect(texts(source)).toContain(text);
  });

  it.each([
    '<div className="flex items-center gap-2" />',
    '<input type="password" autoComplete="current-password" id="x" />',
    '<a href={documents.termsAndCookies}>{TEXTS.link}</a>',
    '<p>{TEXTS.intro}</p>',
    '<span> · </span>',
    '<p>© 2025 {name}</p>',
    "import { X } from '@/features/auth/components/change-email-form';",
    "const key = event.key === 'Enter';",
    "const type = { '@type': 'Organization' };",
    "const path = '/illustrations/icons.svg#licence';",
    "throw new Error('useMatch needs an id');",
    "const cls = `h-4 w-4 ${on ? 'bg-brand-700' : 'bg-white'}`;",
    '// Sidan hittades inte: a comment is no text',
  ])('lets %j through', (source) => {
    expect(texts(source)).toEqual([]);
  });

  it('gives the line and column of each text', () => {
    const found = findTexts('const a = 1;\nconst b = <p>\n  Hej då\n</p>;\n', 'x.tsx');
    expect(found).toEqual([expect.objectContaining({ line: 3, column: 3, text: 'Hej då' })]);
  });
});

describe('isSwedish', () => {
  it.each(['Avböj', 'Laddar…', 'Spara svar', 'du har 2 tider', 'Det gick inte'])('%j is', (s) =>
    expect(isSwedish(s)).toBe(true),
  );
  it.each(['Enter', 'BankID', 'sv-SE', 'bg-stone-100 text-stone-700', 'application/ld+json'])(
    '%j is not',
    (s) => expect(isSwedish(s)).toBe(false),
  );
});

describe('isChecked', () => {
  it.each([
    'apps/web/src/features/auth/components/login-form.tsx',
    'apps/web/src/features/bookings/api/confirm-booking.ts',
    'apps/web/src/app/routes/public/landing.tsx',
    'apps/web/src/app/layouts/footer.tsx',
  ])('reads %s', (path) => expect(isChecked(path)).toBe(true));

  it.each([
    'apps/web/src/features/auth/texts.ts',
    'apps/web/src/features/auth/account-texts.ts',
    'apps/web/src/app/texts.ts',
    'apps/web/src/features/auth/components/auth-choice.test.tsx',
    'apps/web/src/features/admin/__tests__/providers.test.tsx',
    'apps/web/src/features/matching/test-data.ts',
    'apps/web/src/components/ui/button.tsx',
    'apps/api/src/modules/auth/auth.router.ts',
  ])('leaves %s alone', (path) => expect(isChecked(path)).toBe(false));
});

describe('check', () => {
  it('fails on a component with a Swedish text of its own, and passes once it reads its texts file', () => {
    const root = mkdtempSync(join(tmpdir(), 'web-texts-'));
    const dir = join(root, 'apps/web/src/features/demo/components');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'demo.tsx');
    const relative = 'apps/web/src/features/demo/components/demo.tsx';
    writeFileSync(file, 'export const Demo = () => <p>Välkommen tillbaka</p>;\n');
    expect(check([relative], root)).toEqual([`${relative}:1:30  "Välkommen tillbaka": a JSX text`]);
    writeFileSync(file, 'export const Demo = () => <p>{DEMO_TEXTS.welcome}</p>;\n');
    expect(check([relative], root)).toEqual([]);
  });
});
