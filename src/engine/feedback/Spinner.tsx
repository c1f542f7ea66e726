/**
 * MUI's spinner with an accessible name ("Loading…" in the session's language): a progressbar
 * without one is a serious accessibility fault (axe: aria-progressbar-name). Every place that
 * shows a spinner while something loads uses this one.
 */
import CircularProgress, { type CircularProgressProps } from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function Spinner(props: CircularProgressProps) {
  const { t } = useTranslation();
  return <CircularProgress aria-label={t('screens.crud.loading')} {...props} />;
}
