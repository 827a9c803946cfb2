import type { z } from 'zod';

/** What a field should hold, for "Ange …" (zod's `expected` type names). */
const EXPECTED: Record<string, string> = {
  string: 'Ange text.',
  number: 'Ange ett tal.',
  int: 'Ange ett heltal.',
  bigint: 'Ange ett heltal.',
  boolean: 'Ange ja eller nej.',
  date: 'Ange ett giltigt datum.',
  array: 'Ange en lista.',
  object: 'Uppgifterna har fel format.',
};

const FORMAT: Record<string, string> = {
  email: 'Ange en giltig e-postadress.',
  uuid: 'Ogiltigt id.',
  guid: 'Ogiltigt id.',
  url: 'Ange en giltig webbadress.',
  datetime: 'Ange ett giltigt datum och klockslag.',
  date: 'Ange ett giltigt datum.',
  time: 'Ange ett giltigt klockslag.',
  regex: 'Värdet har fel format.',
};

/**
 * Zod's own messages in Swedish (everything the user sees is Swedish).
 * A schema's own `error` always wins; this answers only what a schema left
 * to zod's English defaults: a missing field, a wrong type, an unknown key.
 * Installed on both sides: the API (middleware/validate.ts) and the web app
 * (lib/zod-config.ts) through zod's global configuration, `customError`.
 */
export function swedishZodError(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Fältet måste fyllas i.';
      return EXPECTED[issue.expected] ?? 'Värdet har fel typ.';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'Fältet måste fyllas i.' : `Ange minst ${min} tecken.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Välj minst ${min}.`;
      return `Värdet måste vara minst ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Ange högst ${max} tecken.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Välj högst ${max}.`;
      return `Värdet får vara högst ${max}.`;
    }
    case 'invalid_format':
      return FORMAT[issue.format] ?? 'Värdet har fel format.';
    case 'not_multiple_of':
      return `Värdet måste vara en multipel av ${Number(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Okänt fält: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return 'Välj ett av de giltiga alternativen.';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return 'Ogiltigt värde.';
  }
}
