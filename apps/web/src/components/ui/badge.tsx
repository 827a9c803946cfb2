import type { ComponentProps } from 'react';

/** What a badge says about the state it names; the text says it too, never the colour alone. */
export type BadgeTone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

/** The status colours of the theme (index.css), one look per tone for every pill. */
export const badgeTones: Record<BadgeTone, string> = {
  success: 'border-success-700 bg-success-50 text-success-900',
  warning: 'border-warning-700 bg-warning-50 text-warning-900',
  info: 'border-info-700 bg-info-50 text-info-900',
  danger: 'border-danger-700 bg-danger-50 text-danger-900',
  neutral: 'border-stone-500 bg-stone-50 text-stone-800',
};

export const badgeBase =
  'inline-flex items-center gap-1 rounded-full border px-3 py-0.5 text-sm font-medium';

/** A small pill naming a state ('Verifierad', 'Bokning bekräftad'...). */
export function Badge({
  tone,
  className = '',
  ...props
}: ComponentProps<'span'> & { tone: BadgeTone }) {
  return (
    <span
      data-tone={tone}
      className={`${badgeBase} ${badgeTones[tone]} ${className}`.trim()}
      {...props}
    />
  );
}
