import { MSG } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * The one confirmation before the questionnaire answers are removed
 * (DELETE /users/me/consents/questionnaire), on /integritet and on the
 * request for a consent: it says exactly what goes and what stays, opens
 * with focus on its title, and only its red button removes; 'Avbryt'
 * changes nothing. The caller owns the removal (`onConfirm`, `pending`).
 */
export function RemoveAnswersDialog({
  open,
  onOpenChange,
  title,
  text,
  confirm,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens, paragraph by paragraph. */
  text: readonly string[];
  /** The label of the removing button. */
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      focusTitle
      closeLabel={MSG.cancel}
      title={title}
      description={text[0]}
      footer={
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      }
    >
      {text.slice(1).map((paragraph) => (
        <p key={paragraph} className="mt-3 text-stone-700">
          {paragraph}
        </p>
      ))}
    </Dialog>
  );
}
