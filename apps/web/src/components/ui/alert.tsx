import type { ReactNode } from 'react';

const tones = {
  success: 'border-success-700 bg-success-50 text-success-900',
  error: 'border-danger-700 bg-danger-50 text-danger-900',
  info: 'border-brand-700 bg-brand-50 text-stone-900',
} as const;

/**
 * A message block. Errors are announced at once (role="alert"); success and
 * information politely (role="status").
 */
export function Alert({
  tone = 'info',
  title,
  children,
  className = '',
}: {
  tone?: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border-l-4 p-4 ${tones[tone]} ${className}`.trim()}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  );
}
