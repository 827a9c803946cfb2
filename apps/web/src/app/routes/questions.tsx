import { ROUTES } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { currentUserQuery, useCurrentUser } from '@/features/auth/api/current-user';
import { refreshPotentialMatches } from '@/features/matching/api/get-potential-matches';
import { giveQuestionnaireConsent } from '@/features/privacy/api/consents';
import { Questionnaire } from '@/features/questionnaire/components/questionnaire';
import { queryKeys } from '@/lib/query-keys';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /questions (SPEC §2, §4): after the answers are saved the user is refetched;
 * a client's save also asks for potential matches; then providers go on to
 * /availability and clients to /dashboard.
 */
export function QuestionsPage() {
  useDocumentTitle('Frågeformulär');
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;

  const onSaved = async () => {
    const isProvider = user.type === 'PROVIDER';
    await Promise.all([
      queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => undefined),
      isProvider ? Promise.resolve() : refreshPotentialMatches(queryClient),
    ]);
    await navigate(isProvider ? ROUTES.availability : ROUTES.dashboard);
  };

  // A client's consent is recorded on the server before the first question (issue 20, point 4).
  const onConsent = async () => {
    const list = await giveQuestionnaireConsent();
    queryClient.setQueryData(queryKeys.consents, list);
  };

  return (
    <Questionnaire
      userType={user.type}
      onSaved={onSaved}
      {...(user.type === 'CLIENT' ? { onConsent } : {})}
    />
  );
}
