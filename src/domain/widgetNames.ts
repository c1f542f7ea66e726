/** RJSF's own widget aliases that the MUI theme renders well (a declaration may name them). */
export const BUILTIN_WIDGET_NAMES = ['text', 'textarea', 'password', 'email', 'hidden', 'checkbox', 'checkboxes', 'updown'] as const;
