import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { MSG } from '@samtalsmatch/contracts';
import type { MenuProps } from './account-menu';
import { buttonClass } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { APP_TEXTS } from '@/app/texts';

/**
 * Narrow screens (max 768 px, docs/rules/accounts.md#header-and-menu): a hamburger button that opens a
 * full-screen slide-in menu. It is a real modal dialog: focus moves into it,
 * stays there, and returns to the button when it closes (Escape closes it).
 */
export function MobileMenu({ entries, logoutLabel, onLogout, loggingOut }: MenuProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger aria-label={APP_TEXTS.openMenu} className={buttonClass('secondary', 'icon')}>
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-stone-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="animate-slide-in-right fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white"
        >
          <div className="flex h-16 items-center justify-between border-b border-stone-200 px-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900">{MSG.menu}</Dialog.Title>
            <Dialog.Close aria-label={APP_TEXTS.closeMenu} className={buttonClass('ghost', 'icon')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={MSG.myAccount} className="px-4 py-6">
            <h2 className="px-3 text-sm font-semibold text-stone-700">{MSG.myAccount}</h2>
            <ul className="mt-2 space-y-1">
              {entries.map((entry) => (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    onClick={close}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-3 text-lg ${
                        isActive
                          ? 'bg-brand-50 font-semibold text-brand-800'
                          : 'text-stone-900 hover:bg-stone-100'
                      }`
                    }
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ))}
              <li className="border-t border-stone-200 pt-2">
                <button
                  type="button"
                  disabled={loggingOut}
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                  className="block w-full rounded-md px-3 py-3 text-left text-lg text-stone-900 hover:bg-stone-100 disabled:opacity-60"
                >
                  {logoutLabel}
                </button>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
