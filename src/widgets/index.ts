/**
 * The widget registry: the names a declaration's `ui:widget` may use. Most are RJSF widgets
 * (one value); those whose value is an object are RJSF fields (`names`), and the form engine
 * turns `"ui:widget": "names"` into `"ui:field": "names"`. The existing PhoneInput and
 * PasswordInput stay plain components for hand-written dialogs.
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { RadioWidget, SwitchWidget } from './ChoiceWidgets';
import { ChangeTableField } from './ChangeTableField';
import { ColorPickerWidget } from './ColorPickerWidget';
import { CountryWidget, CurrencyWidget, TimezoneWidget } from './ConfigWidgets';
import { DateRangeWidget, DateTimeWidget, DateWidget, TimeWidget } from './DateWidgets';
import { DayEntriesField } from './DayEntriesField';
import { FlagsWidget } from './FlagsWidget';
import { GameStyleField } from './GameStyleField';
import { FormattedInputWidget } from './FormattedInputWidget';
import { MenuTreeWidget } from './MenuTreeWidget';
import { NamesField } from './NamesField';
import { DialCodeWidget, PhoneWidget } from './PhoneWidgets';
import { PlatformListField } from './PlatformListField';
import { RecordTableField } from './RecordTableField';
import { MultiSelectWidget, SelectWidget } from './SelectWidgets';
import { TagsWidget } from './TagsWidget';
import { UploadWidget } from './UploadWidget';
import { FIELD_WIDGET_NAMES, WIDGET_NAMES } from './names';

export const WIDGETS: RegistryWidgetsType = {
  menuTree: MenuTreeWidget,
  multiSelect: MultiSelectWidget,
  select: SelectWidget,
  switch: SwitchWidget,
  radio: RadioWidget,
  dialCode: DialCodeWidget,
  phone: PhoneWidget,
  date: DateWidget,
  dateTime: DateTimeWidget,
  dateRange: DateRangeWidget,
  time: TimeWidget,
  formattedInput: FormattedInputWidget,
  flags: FlagsWidget,
  country: CountryWidget,
  timezone: TimezoneWidget,
  upload: UploadWidget,
  tags: TagsWidget,
  colorPicker: ColorPickerWidget,
  currency: CurrencyWidget,
};

/** Widgets whose value is an object: registered as RJSF fields under the same names. */
export const FIELD_WIDGETS: RegistryFieldsType = {
  names: NamesField,
  platformList: PlatformListField,
  gameStyle: GameStyleField,
  dayEntries: DayEntriesField,
  recordTable: RecordTableField,
  changeTable: ChangeTableField,
};

export { FIELD_WIDGET_NAMES, WIDGET_NAMES };
