import { MSG } from '@samtalsmatch/contracts';
import { Dialog as RadixDialog } from 'radix-ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';
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
 * A dialog taller than the screen scrolls its content between the title and
 * the actions, which stay in view. When that content holds nothing to focus,
 * the scrolling part itself takes the focus, so a keyboard can scroll it.
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
  const {
    ref: bodyRef,
    overflows: bodyOverflows,
    hasFocusable: bodyHasFocusable,
  } = useScrollable();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-stone-900/50" />
        <RadixDialog.Content
          className="animate-fade-in fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white wrap-break-word shadow-raised"
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
            className="shrink-0 px-6 pt-6 text-xl font-semibold text-stone-900"
          >
            {title}
          </RadixDialog.Title>
          <div
            ref={bodyRef}
            data-dialog-body=""
            tabIndex={bodyOverflows && !bodyHasFocusable ? 0 : undefined}
            className="min-h-0 flex-1 overflow-y-auto px-6"
          >
            {description ? (
              <RadixDialog.Description className="mt-3 text-stone-700">
                {description}
              </RadixDialog.Description>
            ) : null}
            {children}
          </div>
          <div
            data-dialog-actions=""
            className={`flex shrink-0 flex-wrap justify-end gap-3 px-6 pb-6 ${bodyOverflows ? 'border-t border-stone-200 pt-4' : 'pt-6'}`}
          >
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

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Whether an element's content is taller than the element, kept up to date as
 * either changes size, and whether that content holds something to focus.
 */
function useScrollable() {
  const [overflows, setOverflows] = useState(false);
  const [hasFocusable, setHasFocusable] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    stop.current?.();
    stop.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      setOverflows(el.scrollHeight > el.clientHeight + 1);
      setHasFocusable(el.querySelector(FOCUSABLE) !== null);
    };
    const resize = new ResizeObserver(measure);
    const observeChildren = () => {
      for (const child of Array.from(el.children)) resize.observe(child);
    };
    // Content that changes after the dialog opened (a list that loads, a form
    // that replaces a spinner) may keep the same height: a change is measured too.
    const mutation = new MutationObserver(() => {
      observeChildren();
      measure();
    });
    resize.observe(el);
    observeChildren();
    mutation.observe(el, { childList: true, subtree: true });
    stop.current = () => {
      resize.disconnect();
      mutation.disconnect();
    };
    measure();
  }, []);
  return { ref, overflows, hasFocusable };
}
