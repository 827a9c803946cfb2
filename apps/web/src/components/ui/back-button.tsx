import { MSG, backFallbackRoute, type User } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { Button, ButtonLink } from './button';
import { ChevronLeftIcon } from './icons';

const BACK_LABEL = MSG.goBack;

function Arrow() {
  return <ChevronLeftIcon size={16} />;
}

/**
 * 'Gå tillbaka' (docs/rules/accounts.md#screens). With `to`, a link to that path; with `onClick`, a
 * button that runs it; otherwise one step back in the browser history, or,
 * on a page opened directly, to the signed-in user's dashboard (the start
 * page for a visitor): never out of the product.
 */
export function BackButton({ to, onClick }: { to?: string; onClick?: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (to) {
    return (
      <ButtonLink to={to} variant="ghost" className="-ml-3">
        <Arrow />
        {BACK_LABEL}
      </ButtonLink>
    );
  }
  return (
    <Button
      variant="ghost"
      className="-ml-3"
      onClick={
        onClick ??
        (() => {
          if (window.history.state && window.history.state.idx > 0) void navigate(-1);
          else {
            const user = queryClient.getQueryData<User | null>(queryKeys.currentUser);
            void navigate(backFallbackRoute(user));
          }
        })
      }
    >
      <Arrow />
      {BACK_LABEL}
    </Button>
  );
}
