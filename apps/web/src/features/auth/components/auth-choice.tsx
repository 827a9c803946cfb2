import { MSG } from '@samtalsmatch/contracts';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useBankIdLogin } from '../api/bankid-initiate';
import { IdCardIcon, PersonIcon } from '@/components/ui/icons';
import { AUTH_TEXTS } from '../texts';

function ChoiceCard({
  title,
  text,
  onClick,
  busy = false,
  icon,
  ref,
}: {
  ref?: Ref<HTMLButtonElement>;
  title: string;
  text: string;
  onClick: () => void;
  busy?: boolean;
  icon: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className="flex h-full w-full flex-col items-start gap-3 rounded-lg border-2 border-stone-200 bg-white p-6 text-left shadow-sm transition-colors hover:border-brand-700 disabled:cursor-wait disabled:opacity-70"
    >
      <span
        aria-hidden="true"
        className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        {icon}
      </span>
      <span className="text-xl font-semibold text-stone-900">{title}</span>
      <span className="text-stone-700">{text}</span>
    </button>
  );
}

/**
 * The two choice cards of /auth (docs/rules/accounts.md#public-pages). Back from the
 * client's form, focus returns to its card (`focusClientCardOnMount`).
 */
export function AuthChoice({
  onClient,
  focusClientCardOnMount = false,
}: {
  onClient: () => void;
  focusClientCardOnMount?: boolean;
}) {
  const bankId = useBankIdLogin();
  const clientCard = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusClientCardOnMount) clientCard.current?.focus();
    // Once, when the cards come back: never later, away from where the user has moved on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="type-title text-stone-900">{AUTH_TEXTS.welcome}</h1>
      <p className="mt-2 text-lg text-stone-700">{AUTH_TEXTS.howToUse}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        <li>
          <ChoiceCard
            ref={clientCard}
            title={MSG.clientChoice}
            text={AUTH_TEXTS.clientChoiceText}
            onClick={onClient}
            icon={<PersonIcon />}
          />
        </li>
        <li>
          <ChoiceCard
            title={MSG.providerChoice}
            text={
              bankId.isPending || bankId.isSuccess
                ? AUTH_TEXTS.bankIdStarting
                : AUTH_TEXTS.providerChoiceText
            }
            busy={bankId.isPending || bankId.isSuccess}
            onClick={() => bankId.mutate()}
            icon={<IdCardIcon />}
          />
        </li>
      </ul>
    </div>
  );
}
