import { MSG } from '@samtalsmatch/contracts';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from './button';

const BACK_LABEL = MSG.goBack;

function Arrow() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
      <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

/**
 * 'Gå tillbaka' (SPEC §2). With `to`, a link to that path; with `onClick`, a
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
