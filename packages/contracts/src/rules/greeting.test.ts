import { describe, expect, it } from 'vitest';
import { firstName, welcomeHeading } from './greeting';

describe('the greeting by first name', () => {
  it('takes the first word of the name as written', () => {
    expect(firstName('Klara Andersson')).toBe('Klara');
    expect(firstName('  Anna-Karin  von Lindqvist ')).toBe('Anna-Karin');
    expect(firstName('Åsa')).toBe('Åsa');
  });

  it('greets by first name, and without one while the name is not known', () => {
    expect(welcomeHeading('Klara Andersson')).toBe('Välkommen, Klara!');
    expect(welcomeHeading(undefined)).toBe('Välkommen!');
    expect(welcomeHeading('   ')).toBe('Välkommen!');
  });
});
