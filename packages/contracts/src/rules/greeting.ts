/**
 * The dashboards greet a person by first name: "Välkommen, Klara!". The
 * full name stays in the account menu and on the profile. A name is written
 * as its owner typed it, so the first name is its first word (a double name
 * such as "Anna-Karin" is one word).
 */
export function firstName(fullName: string): string {
  const [first] = fullName.trim().split(/\s+/u);
  return first ?? '';
}

/** The dashboards' heading: "Välkommen, Klara!", or "Välkommen!" for a name not known yet. */
export function welcomeHeading(fullName: string | undefined): string {
  const name = fullName ? firstName(fullName) : '';
  return name ? `Välkommen, ${name}!` : 'Välkommen!';
}
