/**
 * The widget registry: the names a declaration's `ui:widget` may use, each a lazy loader of its
 * component (the keys are the names; the app registers both maps with the engine,
 * src/app/parts.ts). Most are RJSF widgets (one value); those whose value is an object are RJSF
 * fields (`names`), and the form engine turns `"ui:widget": "names"` into `"ui:field": "names"`.
 * `passwordInput` is PasswordInput (a show/hide toggle) in a form: the account dialogs' fields.
 */
export const WIDGETS = {
  menuTree: () => import('./MenuTreeWidget').then((m) => m.MenuTreeWidget),
  multiSelect: () => import('./SelectWidgets').then((m) => m.MultiSelectWidget),
  select: () => import('./SelectWidgets').then((m) => m.SelectWidget),
  switch: () => import('./ChoiceWidgets').then((m) => m.SwitchWidget),
  radio: () => import('./ChoiceWidgets').then((m) => m.RadioWidget),
  dialCode: () => import('./PhoneWidgets').then((m) => m.DialCodeWidget),
  phone: () => import('./PhoneWidgets').then((m) => m.PhoneWidget),
  passwordInput: () => import('./PasswordInput').then((m) => m.PasswordWidget),
  date: () => import('./DateWidgets').then((m) => m.DateWidget),
  dateTime: () => import('./DateWidgets').then((m) => m.DateTimeWidget),
  dateRange: () => import('./DateWidgets').then((m) => m.DateRangeWidget),
  time: () => import('./DateWidgets').then((m) => m.TimeWidget),
  formattedInput: () => import('./FormattedInputWidget').then((m) => m.FormattedInputWidget),
  flags: () => import('./FlagsWidget').then((m) => m.FlagsWidget),
  country: () => import('./ConfigWidgets').then((m) => m.CountryWidget),
  timezone: () => import('./ConfigWidgets').then((m) => m.TimezoneWidget),
  upload: () => import('./UploadWidget').then((m) => m.UploadWidget),
  tags: () => import('./TagsWidget').then((m) => m.TagsWidget),
  colorPicker: () => import('./ColorPickerWidget').then((m) => m.ColorPickerWidget),
  currency: () => import('./ConfigWidgets').then((m) => m.CurrencyWidget),
} as const;

/** Widgets whose value is an object: registered as RJSF fields under the same names. */
export const FIELD_WIDGETS = {
  names: () => import('./NamesField').then((m) => m.NamesField),
  platformList: () => import('./PlatformListField').then((m) => m.PlatformListField),
  gameStyle: () => import('./GameStyleField').then((m) => m.GameStyleField),
  dayEntries: () => import('./DayEntriesField').then((m) => m.DayEntriesField),
  recordTable: () => import('./RecordTableField').then((m) => m.RecordTableField),
  changeTable: () => import('./ChangeTableField').then((m) => m.ChangeTableField),
} as const;

