/**
 * Forms validate on submit first (SPEC.md section 2): a submit with invalid fields marks them
 * and shows the dialog 'some fields fail validation, re-check the form' with no cancel button.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../domain/api';
import { useFeedback } from '../feedback/FeedbackProvider';
import { hasErrors } from './fieldErrors';

export function useSubmitGuard(setErrors: (errors: FieldErrors) => void): (errors: FieldErrors) => boolean {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return useCallback(
    (errors: FieldErrors) => {
      setErrors(errors);
      if (!hasErrors(errors)) return true;
      feedback.alert(t('common.formInvalid'), { title: t('common.notice') });
      return false;
    },
    [feedback, setErrors, t],
  );
}
