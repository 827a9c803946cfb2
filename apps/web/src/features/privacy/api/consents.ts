import { CONSENT_MSG, CONSENT_TEXTS, type Consent } from '@samtalsmatch/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** GET /users/me/consents: each consent with the version given, and whether it is needed. */
export function getConsents(): Promise<Consent[]> {
  return api.get('/users/me/consents');
}

export const consentsQuery = queryOptions({ queryKey: queryKeys.consents, queryFn: getConsents });

export function useConsents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...consentsQuery, enabled });
}

/** The questionnaire consent of a list (there is always one). */
export function questionnaireConsent(list: readonly Consent[] | undefined): Consent | undefined {
  return list?.find((c) => c.kind === 'QUESTIONNAIRE');
}

/** POST /users/me/consents for the questionnaire text in force. */
export function giveQuestionnaireConsent(): Promise<Consent[]> {
  return api.post('/users/me/consents', {
    kind: 'QUESTIONNAIRE',
    version: CONSENT_TEXTS.QUESTIONNAIRE.version,
  });
}

export function useGiveQuestionnaireConsent() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: giveQuestionnaireConsent,
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.consents, list);
      // Recommendations may come now.
      return queryClient.invalidateQueries({ queryKey: queryKeys.matches });
    },
  });
}

/**
 * DELETE /users/me/consents/questionnaire: the answers and the
 * recommendations go; the toast says so, then what shows them is read
 * again. The toast is raised here, not by the caller: the request for a
 * consent unmounts as soon as the consents are read again, and TanStack
 * Query skips a `mutate` call's own callbacks once its component is gone.
 */
export function withdrawQuestionnaireConsent(): Promise<void> {
  return api.delete('/users/me/consents/questionnaire');
}

export function useWithdrawQuestionnaireConsent() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: withdrawQuestionnaireConsent,
    onSuccess: () => {
      toast.success(CONSENT_MSG.withdrawn);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.consents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.answers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
      ]);
    },
  });
}
