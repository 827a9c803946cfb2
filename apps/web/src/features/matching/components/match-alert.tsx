import { MATCH_ALERT_TEXTS as TEXT } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMatchAlert, useSetMatchAlert } from '../api/match-alert';

/**
 * The standing wish on a list with fewer than five recommendations
 * (docs/rules/matching.md#the-match-alert-round): one button that turns it
 * on, and once on, what that means and a button to turn it off. Nothing
 * while the state loads or when it cannot be read: the list stands without it.
 */
export function MatchAlertOffer({ className = '' }: { className?: string }) {
  const alert = useMatchAlert();
  const change = useSetMatchAlert();
  if (!alert.isSuccess) return null;
  const enabled = alert.data.enabled;
  return (
    <div
      className={`rounded-md border border-stone-200 bg-stone-50 p-4 text-left text-stone-800 ${className}`}
    >
      <p role="status">{enabled ? TEXT.on : TEXT.offerHint}</p>
      <Button
        variant={enabled ? 'secondary' : 'primary'}
        className="mt-3"
        disabled={change.isPending}
        onClick={() => void change.mutateAsync(!enabled).catch(() => undefined)}
      >
        {change.isPending ? TEXT.saving : enabled ? TEXT.turnOff : TEXT.offer}
      </Button>
      {change.isError ? (
        <Alert tone="error" className="mt-3">
          {TEXT.failed}
        </Alert>
      ) : null}
    </div>
  );
}
