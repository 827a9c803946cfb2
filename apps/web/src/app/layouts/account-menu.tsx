import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { MSG, type MenuEntry } from '@samtalsmatch/contracts';
import { buttonClass } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';

const itemClass =
  'block rounded-sm px-3 py-2 text-stone-900 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[highlighted]:outline-2 data-[highlighted]:outline-brand-700';

/** What both menus (dropdown and slide-in) show and do. */
export interface MenuProps {
  entries: readonly Pick<MenuEntry, 'label' | 'to'>[];
  logoutLabel: string;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * Wide screens (docs/rules/accounts.md#header-and-menu): the dropdown 'Meny' with the heading 'Mitt konto', 'Logga ut' last.
 * Rendered inside the header (no portal), so it stays within the banner landmark.
 */
export function AccountMenu({ entries, logoutLabel, onLogout, loggingOut }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClass('secondary')}>
        {MSG.menu}
        <ChevronDownIcon size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-56 rounded-lg border border-stone-200 bg-white p-2 shadow-raised"
      >
        <DropdownMenu.Label className="px-3 pt-1 pb-2 text-sm font-semibold text-stone-700">
          {MSG.myAccount}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
        {entries.map((entry) => (
          <DropdownMenu.Item key={entry.to} asChild className={itemClass}>
            <Link to={entry.to}>{entry.label}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
        <DropdownMenu.Item className={itemClass} disabled={loggingOut} onSelect={() => onLogout()}>
          {logoutLabel}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
