/**
 * What every widget's input shares, written once: the TextField wiring of an RJSF field (name
 * = the field path, label, required, error state, focus and blur reported to the form) and the
 * localized texts and common behaviour of the searchable Autocomplete selects.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** TextField props of an RJSF field: `<TextField {...fieldInputProps(props)} ... />`. */
export function fieldInputProps(props: WidgetProps) {
  return {
    name: props.htmlName ?? props.id,
    label: props.hideLabel ? undefined : props.label,
    required: props.required,
    error: (props.rawErrors?.length ?? 0) > 0,
    autoFocus: props.autofocus,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
  };
}

/**
 * Autocomplete props every select shares: its localized texts ('no match data' for an empty
 * search), read-only rendered as disabled, small and full width, the first match highlighted.
 */
export function useAutocompleteBase(props: WidgetProps) {
  const { t } = useTranslation();
  return {
    noOptionsText: t('common.noMatch'),
    loadingText: t('screens.crud.loading'),
    openText: t('common.open'),
    closeText: t('common.close'),
    clearText: t('common.clear'),
    // Read-only (view mode) renders like disabled, so every field of a view looks the same.
    disabled: props.disabled || props.readonly,
    autoHighlight: true,
    fullWidth: true,
    size: 'small' as const,
  };
}
