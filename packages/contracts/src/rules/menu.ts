import type { GuardUser } from './guard';
import { ROUTES } from './guard';

export interface MenuEntry {
  label: string;
  to: string;
  /** The same as `to` (kept for callers that read `path`). */
  path: string;
}

/** 'Logga ut' is always the last entry; the header appends it itself. */
export const LOGOUT_LABEL = 'Logga ut';

function entry(label: string, to: string): MenuEntry {
  return { label, to, path: to };
}

export const MENU = {
  matches: entry('Matchningar', ROUTES.dashboard),
  profile: entry('Profil', ROUTES.profile),
  questions: entry('Frågeformulär', ROUTES.questions),
  availability: entry('Tillgänglighet', ROUTES.availability),
  email: entry('E-postadress', ROUTES.accountEmail),
  privacy: entry('Integritet', ROUTES.privacy),
} as const;

/**
 * The account menu by onboarding step (docs/rules/accounts.md#header-and-menu), without 'Logga ut'.
 * An admin's header offers only 'Logga ut': no entries.
 */
export function menuEntries(user: GuardUser): MenuEntry[] {
  if (user.type === 'ADMIN') return [];
  const isProvider = user.type === 'PROVIDER';
  switch (user.onboardingStep) {
    case 'USER_CREATED':
      return [MENU.profile];
    case 'PROFILE_COMPLETED':
      return isProvider ? [MENU.profile, MENU.questions] : [MENU.questions];
    case 'QUESTIONS_COMPLETED':
    case 'ONBOARDING_COMPLETED':
      return isProvider
        ? [MENU.matches, MENU.profile, MENU.questions, MENU.availability]
        : [MENU.matches, MENU.questions];
    default:
      return [MENU.matches];
  }
}

/**
 * Entries beyond the step table, shown after it and before 'Logga ut'
 * (decision 196): clients, who have no profile page, change
 * their e-mail address at 'E-postadress'. Therapists do it in their profile.
 * Clients and therapists reach their own data at 'Integritet'
 * (docs/rules/privacy.md#privacy-page, decision 340), the last entry before 'Logga ut'.
 */
export function accountEntries(user: GuardUser): MenuEntry[] {
  if (user.type === 'CLIENT') return [MENU.email, MENU.privacy];
  if (user.type === 'PROVIDER') return [MENU.privacy];
  return [];
}
