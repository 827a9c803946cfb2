import type { User } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { useBankIdLogin } from '../api/bankid-initiate';
import { AUTH_TEXTS } from '../texts';

/** Starts a new BankID sign-in, as the kind of account the user has (a fresh proof of the owner). */
export function BankIdAgain({ user, label }: { user: User; label: string }) {
  const bankId = useBankIdLogin(user.type === 'CLIENT' ? 'client' : 'provider');
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => bankId.mutate()}
      disabled={bankId.isPending}
    >
      {bankId.isPending ? AUTH_TEXTS.bankIdStarting : label}
    </Button>
  );
}
