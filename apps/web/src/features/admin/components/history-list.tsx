import { AUDIT_ACTION_LABELS, atLineStart, formatStockholm } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useAdminProviderHistory } from '../api/admin-provider-history';
import { ADMIN_TEXTS } from '../texts';

/** 'Historik': who looked at the personnummer and who changed the verification, when. */
export function HistoryList({ providerId, enabled }: { providerId: string; enabled: boolean }) {
  const { data, isPending, isError, error } = useAdminProviderHistory(providerId, enabled);
  if (isError) return <Alert tone="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Spinner className="py-4" />;
  if (data.length === 0) return <p className="text-stone-700">{ADMIN_TEXTS.noHistory}</p>;
  return (
    <ol className="divide-y divide-stone-100" aria-label={ADMIN_TEXTS.sectionHistory}>
      {data.map((entry) => (
        <li key={entry.id} className="py-2">
          <span className="font-medium text-stone-900">
            {entry.actor?.name || ADMIN_TEXTS.unknownActor}
          </span>
          {': '}
          {AUDIT_ACTION_LABELS[entry.action]}
          <span className="block text-sm text-stone-700">
            <time dateTime={entry.at}>{atLineStart(formatStockholm(entry.at))}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
