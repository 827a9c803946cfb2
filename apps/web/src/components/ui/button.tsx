import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 px-5 py-2.5 text-white hover:bg-brand-800',
  secondary:
    'border border-stone-400 bg-white px-5 py-2.5 text-stone-900 hover:border-stone-500 hover:bg-stone-100',
  danger: 'bg-red-700 px-5 py-2.5 text-white hover:bg-red-800',
  ghost: 'px-3 py-2 text-stone-900 hover:bg-stone-100',
  link: 'px-0 py-0 text-brand-700 underline underline-offset-2 hover:text-brand-800',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: ButtonVariant; children: ReactNode }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
