import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** A 24 px outline icon, decorative (hidden from assistive technology). */
function OutlineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A 20-unit solid icon, decorative; `size` in px. */
function SolidIcon({ d, size = 20, ...props }: IconProps & { d: string; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width={size}
      height={size}
      fill="currentColor"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export function ChevronDownIcon(props: IconProps & { size?: number }) {
  return (
    <SolidIcon
      d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
      {...props}
    />
  );
}

export function ChevronLeftIcon(props: IconProps & { size?: number }) {
  return (
    <SolidIcon
      d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z"
      {...props}
    />
  );
}

export function ChevronRightIcon(props: IconProps & { size?: number }) {
  return (
    <SolidIcon
      d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4Z"
      {...props}
    />
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </OutlineIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </OutlineIcon>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </OutlineIcon>
  );
}

export function IdCardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M7 10h4M7 14h6M15 10h2" />
    </OutlineIcon>
  );
}
