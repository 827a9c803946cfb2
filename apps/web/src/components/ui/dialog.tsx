import { MSG } from '@samtalsmatch/contracts';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { buttonClass } from './button';

/**
 * A modal dialog (Radix): focus moves in, is trapped while open and returns
 * to the opener on close; Escape closes it; it is labelled by its title.
 * The opener is the element that had the focus when the dialog opened (these
 * dialogs have no Radix trigger), if it is still on the page.
 * With `focusTitle`, focus starts on the title instead of the first button:
 * for a dialog that sums up before an action (nobody sends by pressing Enter once too often).
 * The closing button says 'Stäng'; a dialog that asks before an action says
 * 'Avbryt' (`closeLabel`).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  onCloseAutoFocus,
  focusTitle = false,
  closeLabel = MSG.close,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Where focus goes on close when the opener is gone (default: back to the opener). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Open with focus on the title (tabIndex -1), not on the first button. */
  focusTitle?: boolean;
  /** The secondary button that closes it: 'Stäng' unless given ('Avbryt'). */
  closeLabel?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-stone-900/50" />
        <RadixDialog.Content
          className="animate-fade-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 wrap-break-word shadow-raised"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (focusTitle && titleRef.current) {
              event.preventDefault();
              titleRef.current.focus();
            }
          }}
          onCloseAutoFocus={
            onCloseAutoFocus ??
            ((event) => {
              const target = opener.current;
              opener.current = null;
              if (target?.isConnected) {
                event.preventDefault();
                target.focus();
              }
            })
          }
        >
          <RadixDialog.Title
            ref={titleRef}
            tabIndex={focusTitle ? -1 : undefined}
            className="text-xl font-semibold text-stone-900"
          >
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-3 text-stone-700">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {footer}
            <RadixDialog.Close data-variant="secondary" className={buttonClass('secondary')}>
              {closeLabel}
            </RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
