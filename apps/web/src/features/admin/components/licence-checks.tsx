import {
  LICENCE_LABELS,
  LICENCE_TEXTS,
  formatStockholmDate,
  licenceStandings,
  type LicenceCheck,
  type LicenceStanding,
  type LicensedTitle,
  type ProviderTitle,
} from '@samtalsmatch/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useNow } from '@/lib/use-now';
import { useRecordLicenceCheck } from '../api/record-licence-check';
import { ADMIN_TEXTS } from '../texts';

const standingTones: Record<LicenceStanding, BadgeTone> = {
  CURRENT: 'success',
  EXPIRED: 'warning',
  NOT_REGISTERED: 'danger',
  MISSING: 'neutral',
};

function checkedLine(check: LicenceCheck): string {
  const who = check.checkedBy?.name ?? ADMIN_TEXTS.unknownActor;
  return `${formatStockholmDate(check.checkedAt)} · ${LICENCE_TEXTS.checkedBy.toLowerCase()} ${who}`;
}

/**
 * The admin's proof of licence (docs/rules/admin.md#licence-checks): per licensed title the therapist
 * claims, where it stands; a dialog records what Socialstyrelsen's register
 * (HOSP) said; every check below, newest first.
 */
export function LicenceChecks({
  providerId,
  titles,
  checks,
}: {
  providerId: string;
  titles: readonly ProviderTitle[];
  checks: readonly LicenceCheck[];
}) {
  const now = useNow();
  const standings = licenceStandings(titles, checks, now);
  const [open, setOpen] = useState(false);

  if (standings.length === 0) {
    return <p className="text-stone-700">{LICENCE_TEXTS.noLicensedTitles}</p>;
  }
  const firstToCheck = standings.find((s) => s.standing !== 'CURRENT') ?? standings[0]!;
  return (
    <div className="space-y-4">
      <p className="text-stone-700">{LICENCE_TEXTS.intro}</p>
      <ul className="space-y-3" aria-label={LICENCE_TEXTS.section}>
        {standings.map(({ title, standing, check }) => (
          <li key={title} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-stone-900">{LICENCE_LABELS[title]}</span>
            <Badge tone={standingTones[standing]}>{LICENCE_TEXTS.standing[standing]}</Badge>
            {check ? <span className="text-sm text-stone-700">{checkedLine(check)}</span> : null}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {LICENCE_TEXTS.record}
      </Button>
      {open ? (
        <LicenceCheckDialog
          providerId={providerId}
          titles={standings.map((s) => s.title)}
          initialTitle={firstToCheck.title}
          onClose={() => setOpen(false)}
        />
      ) : null}
      {checks.length > 0 ? (
        <ul className="divide-y divide-stone-100 rounded-md border border-stone-200 text-sm">
          {checks.map((check) => (
            <li key={check.id} className="p-3 text-stone-800">
              <span className="font-medium">{LICENCE_LABELS[check.title]}</span>:{' '}
              {check.registered ? LICENCE_TEXTS.registered : LICENCE_TEXTS.notRegistered}
              <span className="block text-stone-700">{checkedLine(check)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-700">{LICENCE_TEXTS.noChecks}</p>
      )}
    </div>
  );
}

function LicenceCheckDialog({
  providerId,
  titles,
  initialTitle,
  onClose,
}: {
  providerId: string;
  titles: LicensedTitle[];
  initialTitle: LicensedTitle;
  onClose: () => void;
}) {
  const ids = useId();
  const formId = `${ids}-form`;
  const [title, setTitle] = useState<LicensedTitle>(initialTitle);
  const [registered, setRegistered] = useState<boolean | null>(null);
  const [showError, setShowError] = useState(false);
  const record = useRecordLicenceCheck(providerId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (registered === null) {
      setShowError(true);
      return;
    }
    record.mutate({ title, registered }, { onSuccess: onClose });
  }

  const errorId = `${ids}-error`;
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={LICENCE_TEXTS.dialogTitle}
      footer={
        <Button type="submit" form={formId} disabled={record.isPending}>
          {LICENCE_TEXTS.save}
        </Button>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="mt-4 space-y-5">
        <div>
          <label htmlFor={`${ids}-title`} className="block font-medium text-stone-900">
            {LICENCE_TEXTS.titleLabel}
          </label>
          <select
            id={`${ids}-title`}
            value={title}
            onChange={(e) => setTitle(e.target.value as LicensedTitle)}
            className="mt-1 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
          >
            {titles.map((t) => (
              <option key={t} value={t}>
                {LICENCE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <fieldset aria-describedby={showError && registered === null ? errorId : undefined}>
          <legend className="font-medium text-stone-900">{LICENCE_TEXTS.resultLabel}</legend>
          <div className="mt-2 space-y-2">
            {[
              { value: true, label: LICENCE_TEXTS.registered },
              { value: false, label: LICENCE_TEXTS.notRegistered },
            ].map((option) => (
              <label key={String(option.value)} className="flex items-center gap-2 text-stone-900">
                <input
                  type="radio"
                  name={`${ids}-registered`}
                  checked={registered === option.value}
                  onChange={() => setRegistered(option.value)}
                  className="h-4 w-4 accent-brand-700"
                />
                {option.label}
              </label>
            ))}
          </div>
          {showError && registered === null ? (
            <p id={errorId} className="mt-2 text-sm font-medium text-danger-700">
              {LICENCE_TEXTS.resultRequired}
            </p>
          ) : null}
        </fieldset>
        {registered === false ? (
          <p className="rounded-md border-l-4 border-warning-700 bg-warning-50 p-3 text-sm text-stone-900">
            {LICENCE_TEXTS.notRegisteredHint}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
