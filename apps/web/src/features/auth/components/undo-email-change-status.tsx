import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { CLIENT_AUTH_PATH } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useUndoEmailChange } from '../api/undo-email-change';
import { ACCOUNT_TEXTS } from '../account-texts';

/** A refused link: the server's words for a taken address, the link text otherwise. */
function undoFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return errorMessage(error);
    if (error.code === 'EMAIL_TAKEN' && error.message) return error.message;
  }
  return MSG.resetFailed;
}

/**
 * /undo-email-change/{token} (docs/rules/accounts.md#e-mail-change): the link mailed to the old
 * address. Nothing happens until the button is pressed (a mail scanner that
 * opens links must not undo anything); then the old address is back, every
 * session is ended, and a password account chooses a new password.
 */
export function UndoEmailChangeStatus({ token }: { token: string | undefined }) {
  const undo = useUndoEmailChange();

  if (!token) return <Alert tone="error">{MSG.undoEmailChangeNoToken}</Alert>;
  if (undo.isSuccess) {
    return (
      <div className="space-y-6">
        <Alert tone="success" title={ACCOUNT_TEXTS.undoneTitle}>
          {undo.data.message}
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={ROUTES.forgotPassword}>{ACCOUNT_TEXTS.chooseNewPassword}</ButtonLink>
          <ButtonLink to={CLIENT_AUTH_PATH} variant="secondary">
            {ACCOUNT_TEXTS.toLogin}
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {undo.isError ? (
        <Alert tone="error" title={ACCOUNT_TEXTS.undoFailedTitle}>
          {undoFailure(undo.error)}
        </Alert>
      ) : null}
      <p className="text-stone-700">{ACCOUNT_TEXTS.undoText}</p>
      <Button
        type="button"
        className="w-full"
        onClick={() => undo.mutate(token)}
        disabled={undo.isPending}
      >
        {undo.isPending ? ACCOUNT_TEXTS.undoing : ACCOUNT_TEXTS.undo}
      </Button>
    </div>
  );
}
