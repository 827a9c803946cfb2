import {
  ADMIN_TEXTS,
  LICENCE_TEXTS,
  adminQueueRank,
  ONBOARDING_STEP_LABELS,
  type AdminProviderListItem,
} from '@samtalsmatch/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useAdminProviders } from '../api/admin-providers';
import { VerificationBadge } from './verification-badge';

type Filter = 'all' | 'unverified' | 'verified';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: ADMIN_TEXTS.filterAll },
  { value: 'unverified', label: ADMIN_TEXTS.filterUnverified },
  { value: 'verified', label: ADMIN_TEXTS.filterVerified },
];

function keep(filter: Filter, p: AdminProviderListItem): boolean {
  if (filter === 'all') return true;
  return filter === 'verified' ? p.isVerified : !p.isVerified;
}

/**
 * SPEC §2 /admin: name, e-mail and status badge. The whole row is clickable;
 * for the keyboard and screen readers the name is the row's link.
 */
export function ProvidersTable() {
  const { data, isPending, isError, error } = useAdminProviders();
  const [filter, setFilter] = useState<Filter>('all');
  const navigate = useNavigate();
  const filterId = useId();

  if (isPending) return <Spinner label={ADMIN_TEXTS.loading} className="py-12" />;
  if (isError) return <Alert tone="error">{errorMessage(error)}</Alert>;

  const rows = data.filter((p) => keep(filter, p));
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label htmlFor={filterId} className="font-medium text-stone-900">
          {ADMIN_TEXTS.filterLabel}
        </label>
        <select
          id={filterId}
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          className="rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {rows.length === 0 ? (
        <p role="status" className="rounded-md border border-stone-200 bg-white p-6 text-stone-700">
          {data.length === 0 ? ADMIN_TEXTS.empty : ADMIN_TEXTS.emptyFiltered}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">{ADMIN_TEXTS.listTitle}</caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-sm text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {ADMIN_TEXTS.columnName}
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  {ADMIN_TEXTS.columnEmail}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {ADMIN_TEXTS.columnStatus}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr
                  key={p.id}
                  onClick={() => void navigate(paths.adminProvider(p.id))}
                  className="cursor-pointer border-b border-stone-100 last:border-0 hover:bg-brand-50"
                >
                  <td className="px-4 py-3">
                    <Link
                      to={paths.adminProvider(p.id)}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {p.name}
                    </Link>
                    <span className="mt-0.5 block text-sm break-all text-stone-700 sm:hidden">
                      {p.email ?? ADMIN_TEXTS.noEmail}
                    </span>
                    {adminQueueRank(p) === 1 && p.onboardingStep ? (
                      <span className="mt-0.5 block text-sm text-stone-700">
                        {ADMIN_TEXTS.columnOnboarding}: {ONBOARDING_STEP_LABELS[p.onboardingStep]}
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden px-4 py-3 break-all text-stone-700 sm:table-cell">
                    {p.email ?? ADMIN_TEXTS.noEmail}
                  </td>
                  <td className="px-4 py-3">
                    <VerificationBadge isVerified={p.isVerified} />
                    {p.licenceCheckExpired ? (
                      <span className="mt-1 block text-sm font-medium text-amber-900">
                        {LICENCE_TEXTS.expiredFlag}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
