import {
  BOOKING_STATUS_LABELS,
  FIT_CHECK_KEYS,
  FIT_CHECK_SCALE,
  FIT_CHECK_STATEMENTS,
  FIT_CHECK_TEXTS,
  formatStockholm,
  SWITCH_TEXTS,
  type FitCheckKey,
  type Match,
} from '@samtalsmatch/contracts';
import { useId, useState } from 'react';
import { ChoiceGroup } from '@/components/form/choice-group';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useAnswerFitCheck, useDismissFitCheck } from '../api/fit-check';
import { useSwitchTherapist, useUndoSwitch } from '../api/switch-therapist';

/*
 * The fit check after a first session and the switch of therapist
 * (docs/rules/matching.md#fit-check, docs/rules/matching.md#switching-therapist).
 */

const SCALE = FIT_CHECK_SCALE.map((label, i) => ({ value: String(i), label }));

/** "Byt terapeut": asks first, lists the sessions still booked (they stay), then switches. */
export function SwitchTherapistButton({
  match,
  onSwitched,
  variant = 'ghost',
}: {
  match: Match;
  onSwitched?: (() => void) | undefined;
  variant?: 'ghost' | 'primary';
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const switching = useSwitchTherapist();
  const booked = match.bookings.filter(
    (b) => b.status === 'CONFIRMED' || b.status === 'PENDING_PROVIDER_CONFIRMATION',
  );
  const name = match.provider.name;
  return (
    <>
      <Button
        variant={variant}
        aria-haspopup="dialog"
        aria-label={`${SWITCH_TEXTS.open}: ${name}`}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        {SWITCH_TEXTS.open}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={SWITCH_TEXTS.title}
        description={SWITCH_TEXTS.body(name)}
        closeLabel={SWITCH_TEXTS.cancel}
        focusTitle
        onCloseAutoFocus={switching.isSuccess ? (event) => event.preventDefault() : undefined}
        footer={
          <Button
            disabled={switching.isPending}
            onClick={() =>
              switching.mutate(match.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(SWITCH_TEXTS.done);
                  onSwitched?.();
                },
                onError: (error) => setFailure(errorMessage(error)),
              })
            }
          >
            {switching.isPending ? SWITCH_TEXTS.confirming : SWITCH_TEXTS.confirm}
          </Button>
        }
      >
        {booked.length > 0 ? (
          <div className="mt-4 text-stone-800">
            <p>{SWITCH_TEXTS.booked}</p>
            <ul className="mt-2 list-disc pl-5">
              {booked.map((b) => (
                <li key={b.id}>
                  {b.confirmedTime
                    ? formatStockholm(b.confirmedTime)
                    : BOOKING_STATUS_LABELS[b.status]}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm">{SWITCH_TEXTS.cancelHint}</p>
          </div>
        ) : null}
        {failure ? (
          <Alert tone="error" className="mt-4">
            {failure}
          </Alert>
        ) : null}
      </Dialog>
    </>
  );
}

/** "Ångra bytet" on a match in Tidigare. */
export function UndoSwitchButton({ match }: { match: Match }) {
  const undo = useUndoSwitch();
  return (
    <Button
      variant="secondary"
      disabled={undo.isPending}
      aria-label={`${SWITCH_TEXTS.undo}: ${match.provider.name}`}
      onClick={() =>
        undo.mutate(match.id, {
          onSuccess: () => toast.success(SWITCH_TEXTS.undone),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {undo.isPending ? SWITCH_TEXTS.undoing : SWITCH_TEXTS.undo}
    </Button>
  );
}

/**
 * The short card after the first completed session: four statements 0-4,
 * whether to share them, "Skicka svaren" or "Inte nu". A low answer to
 * "continue" offers the switch in the same card.
 */
export function FitCheckCard({
  match,
  onSwitched,
  onAnswered,
}: {
  match: Match;
  onSwitched?: (() => void) | undefined;
  /**
   * The answer was saved: the card shows its thanks (and the switch) while
   * the list, read again, no longer says the check is due.
   */
  onAnswered?: (() => void) | undefined;
}) {
  const id = useId();
  const [values, setValues] = useState<Partial<Record<FitCheckKey, string>>>({});
  const [share, setShare] = useState(false);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [offerSwitch, setOfferSwitch] = useState<boolean | null>(null);
  const answer = useAnswerFitCheck(match.id);
  const dismiss = useDismissFitCheck(match.id);
  const titleId = `${id}-title`;

  if (offerSwitch !== null) {
    return (
      <section
        aria-labelledby={titleId}
        className="mt-4 rounded-md border border-brand-200 bg-brand-50 p-4"
      >
        <h4 id={titleId} className="font-semibold text-stone-900">
          {FIT_CHECK_TEXTS.thanks}
        </h4>
        {offerSwitch ? (
          <>
            <p className="mt-2 text-stone-800">{FIT_CHECK_TEXTS.lowFit}</p>
            <div className="mt-3">
              <SwitchTherapistButton match={match} onSwitched={onSwitched} variant="primary" />
            </div>
          </>
        ) : null}
      </section>
    );
  }

  const send = () => {
    const chosen = FIT_CHECK_KEYS.map((k) => values[k]);
    if (chosen.some((v) => v === undefined)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setFailure(null);
    const [heard, goals, approach, cont] = chosen.map(Number) as [number, number, number, number];
    answer.mutate(
      { heard, goals, approach, continue: cont, shareWithTherapist: share },
      {
        onSuccess: (result) => {
          setOfferSwitch(result.offerSwitch);
          onAnswered?.();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mt-4 rounded-md border border-brand-200 bg-brand-50 p-4"
    >
      <h4 id={titleId} className="font-semibold text-stone-900">
        {FIT_CHECK_TEXTS.title}
      </h4>
      <p className="mt-1 text-stone-800">{FIT_CHECK_TEXTS.intro(match.provider.name)}</p>
      <p className="mt-1 text-sm text-stone-700">{FIT_CHECK_TEXTS.notClinical}</p>
      <div className="mt-3 space-y-4">
        {FIT_CHECK_KEYS.map((key) => (
          <ChoiceGroup
            key={key}
            legend={FIT_CHECK_STATEMENTS[key]}
            type="radio"
            name={`${id}-${key}`}
            options={SCALE}
            value={values[key]}
            onChange={(v) => setValues((old) => ({ ...old, [key]: v as string }))}
            error={missing && values[key] === undefined ? FIT_CHECK_TEXTS.missing : undefined}
          />
        ))}
      </div>
      <label className="mt-4 flex items-start gap-2 text-stone-900">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5"
          checked={share}
          onChange={(e) => setShare(e.target.checked)}
          aria-describedby={`${id}-share-hint`}
        />
        <span>{FIT_CHECK_TEXTS.share}</span>
      </label>
      <p id={`${id}-share-hint`} className="mt-1 text-sm text-stone-700">
        {FIT_CHECK_TEXTS.shareHint}
      </p>
      {failure ? (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button disabled={answer.isPending} onClick={send}>
          {answer.isPending ? FIT_CHECK_TEXTS.sending : FIT_CHECK_TEXTS.send}
        </Button>
        <Button
          variant="secondary"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(undefined, { onError: (e) => setFailure(errorMessage(e)) })}
        >
          {FIT_CHECK_TEXTS.dismiss}
        </Button>
      </div>
    </section>
  );
}
