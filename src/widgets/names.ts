/**
 * Names of the registered widgets (src/widgets/index.ts), without React, for the schema tests
 * and tools. `ui:widget` of a declaration must be one of WIDGET_NAMES, FIELD_WIDGET_NAMES or a
 * built-in RJSF widget alias (BUILTIN_WIDGET_NAMES).
 */
export const WIDGET_NAMES = [
  'menuTree', 'multiSelect', 'select', 'switch', 'radio', 'dialCode', 'phone', 'date', 'dateTime', 'dateRange', 'time',
  'formattedInput', 'flags', 'country', 'timezone', 'upload', 'tags', 'colorPicker', 'currency',
] as const;

/** Widgets whose value is an object, registered as RJSF fields. */
export const FIELD_WIDGET_NAMES = ['names', 'platformList', 'gameStyle', 'dayEntries', 'recordTable', 'changeTable'] as const;

/** RJSF's own widget aliases that the MUI theme renders well. */
export const BUILTIN_WIDGET_NAMES = ['text', 'textarea', 'password', 'email', 'hidden', 'checkbox', 'checkboxes', 'updown'] as const;

export function isKnownWidget(name: unknown): boolean {
  return (
    typeof name === 'string' &&
    ([...WIDGET_NAMES, ...FIELD_WIDGET_NAMES, ...BUILTIN_WIDGET_NAMES] as readonly string[]).includes(name)
  );
}
