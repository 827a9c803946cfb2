import { MSG } from '@samtalsmatch/contracts';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from './button';
import { ChevronLeftIcon } from './icons';

const BACK_LABEL = MSG.goBack;

function Arrow() {
  return <ChevronLeftIcon size={16} />;
}

/**
 * 'Gå tillbaka' (docs/rules/accounts.md#screens). With `to`, a link to that path; with `onClick`, a
 * button that runs it; otherwise one step back in the browser history
 * (or to the start page when there is no history).
 */
export function BackButton({ to, onClick }: { to?: string; onClick?: () => void }) {
  const navigate = useNavigate();
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
          else void navigate('/');
        })
      }
    >
      <Arrow />
      {BACK_LABEL}
    </Button>
  );
}
