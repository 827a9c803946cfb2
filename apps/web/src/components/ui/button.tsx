import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

/**
 * The one button of the product (docs/decisions/300):
 * - primary: the main action; at most one per view or dialog;
 * - secondary: every other action, and 'Stäng' / 'Avbryt';
 * - ghost: a quiet action inside text or a toolbar ('Gå tillbaka');
 * - destructive: every action that cancels or deletes (red).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary:
    'border border-stone-400 bg-white text-stone-900 hover:border-stone-500 hover:bg-stone-100',
  ghost: 'text-brand-800 hover:bg-brand-50',
  destructive: 'bg-danger-700 text-white shadow-sm hover:bg-danger-800',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2.5 text-base',
  lg: 'min-h-12 px-6 py-3 text-lg',
  /** A square touch target for an icon alone (it needs an aria-label). */
  icon: 'h-11 w-11 shrink-0',
};

/** The classes of a button, for an element that must look like one (a Radix trigger). */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type Look = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & Look) {
  return (
    <button
      type={type}
      data-variant={variant}
      className={buttonClass(variant, size, className)}
      {...props}
    />
  );
}

/** A link that looks like a button (it navigates: no click handler needed). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...props
}: LinkProps & Look & { children: ReactNode }) {
  return (
    <Link data-variant={variant} className={buttonClass(variant, size, className)} {...props} />
  );
}
