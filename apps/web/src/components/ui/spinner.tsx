/** A spinner with a text for screen readers (visually hidden). */
export function Spinner({
  label = 'Laddar…',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={`flex items-center justify-center ${className}`.trim()}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
