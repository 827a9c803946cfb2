import {
  ADMIN_PROVIDERS_PAGE_SIZE,
  LICENCE_TEXTS,
  adminPageOf,
  adminQueueGroup,
  ONBOARDING_STEP_LABELS,
  ROUTES,
} from '@samtalsmatch/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useAdminProviders, type AdminProvidersParams } from '../api/admin-providers';
import { VerificationBadge } from './verification-badge';
import { ADMIN_TEXTS } from '../texts';

type Filter = AdminProvidersParams['verified'];

const FILTERS: { value: Filter; label: string }[] = [
  { value: '', label: ADMIN_TEXTS.filterAll },
  { value: 'false', label: ADMIN_TEXTS.filterUnverified },
  { value: 'true', label: ADMIN_TEXTS.filterVerified },
];

/**
 * /admin (docs/rules/admin.md#therapist-list): name, e-mail and status badge. The whole row is clickable;
 * for the keyboard and screen readers the name is the row's link. The server
 * searches, filters and pages (50 a page): the table never loads everyone.
 */
export function ProvidersTable() {
  const [params, setParams] = useState<AdminProvidersParams>({ q: '', verified: '', page: 1 });
  const [search, setSearch] = useState('');
  const { data, isPending, isError, error, isPlaceholderData } = useAdminProviders(params);
  const navigate = useNavigate();
  const filterId = useId();
  const searchId = useId();

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setParams((p) => ({ ...p, q: search.trim(), page: 1 }));
  };

  const controls = (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="font-medium text-stone-900">
            {ADMIN_TEXTS.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
            className="rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
          />
        </div>
        <Button type="submit">{ADMIN_TEXTS.searchButton}</Button>
      </form>
      <div className="flex flex-col gap-1">
        <label htmlFor={filterId} className="font-medium text-stone-900">
          {ADMIN_TEXTS.filterLabel}
        </label>
        <select
          id={filterId}
          value={params.verified}
          onChange={(e) =>
            setParams((p) => ({ ...p, verified: e.target.value as Filter, page: 1 }))
          }
          className="rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );

  if (isPending) {
    return (
      <div>
        {controls}
        <Spinner label={ADMIN_TEXTS.loading} className="py-12" />
      </div>
    );
  }
  if (isError) {
    return (
      <div>
        {controls}
        <Alert tone="error">{errorMessage(error)}</Alert>
      </div>
    );
  }

  const rows = data.items;
  const pages = Math.max(1, Math.ceil(data.total / ADMIN_PROVIDERS_PAGE_SIZE));
  const filtered = params.q !== '' || params.verified !== '';
  const goTo = (page: number) => setParams((p) => ({ ...p, page }));
  return (
    <div>
      {controls}
      {rows.length === 0 ? (
        <p role="status" className="rounded-md border border-stone-200 bg-white p-6 text-stone-700">
          {filtered ? ADMIN_TEXTS.emptyFiltered : ADMIN_TEXTS.empty}
        </p>
      ) : (
        <div
          className="overflow-x-auto rounded-lg border border-stone-200 bg-white"
          aria-busy={isPlaceholderData}
        >
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
                  onClick={() => void navigate(ROUTES.adminProvider(p.id))}
                  className="cursor-pointer border-b border-stone-100 last:border-0 hover:bg-brand-50"
                >
                  <td className="px-4 py-3">
                    <Link
                      to={ROUTES.adminProvider(p.id)}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {p.name}
                    </Link>
                    <span className="mt-0.5 block text-sm break-all text-stone-700 sm:hidden">
                      {p.email ?? ADMIN_TEXTS.noEmail}
                    </span>
                    {adminQueueGroup(p) === 'UNFINISHED' && p.onboardingStep ? (
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
                      <span className="mt-1 block text-sm font-medium text-warning-900">
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
      {pages > 1 ? (
        <nav aria-label={ADMIN_TEXTS.pagination} className="mt-4 flex items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => goTo(params.page - 1)}
            disabled={params.page <= 1}
          >
            {ADMIN_TEXTS.previousPage}
          </Button>
          <p aria-live="polite" className="text-stone-700">
            {adminPageOf(params.page, pages)}
          </p>
          <Button
            variant="secondary"
            onClick={() => goTo(params.page + 1)}
            disabled={params.page >= pages}
          >
            {ADMIN_TEXTS.nextPage}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
