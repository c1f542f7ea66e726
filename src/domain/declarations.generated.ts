/* eslint-disable */
/**
 * GENERATED from src/schemas/screen.schema.json by `npm run gen:types` (json-schema-to-typescript).
 * Do not edit: change the schema and run the script; a unit test fails when this file is stale.
 */

/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "i18nKey".
 */
export type I18NKey = string;
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "apiCall".
 */
export type ApiCall = string;
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "rules".
 *
 * Items: A cross-field rule (docs/validation.md): exactly one of 'if' (json-logic, true means the rule fails; needs 'message') and 'required_if' (json-logic; when true the field is required).
 */
export type Rules = ({
  [k: string]: unknown;
} & {
  /**
   * json-logic; true means the rule fails
   */
  if?: {
    [k: string]: unknown;
  };
  /**
   * json-logic; when true, the field is required
   */
  required_if?: {
    [k: string]: unknown;
  };
  field: string;
  message?: string;
  params?: {};
  /**
   * The catalogue code the server answers for this rule (it checks the same src/domain rule itself); request bodies skip it
   */
  code?: number;
  /**
   * Dot path of an array: the rule runs once per item
   */
  each?: string;
})[];

/**
 * Every file under src/schemas/<module>/<screen>.json obeys this. Labels are i18n keys; enums name src/domain/enums.ts; widgets name src/widgets; api calls are 'METHOD path' of the /v1 API with {field} placeholders.
 */
export interface ScreenDeclaration {
  $schema?: string;
  /**
   * <module>.<screen>
   */
  id: string;
  /**
   * The menu function that owns the screen (SPEC.md menu ids).
   */
  menuId: number;
  path: string;
  /**
   * Other menu paths where this crud list shows too, as a tab after the path's own screens, for a caller whose menu lacks the list's own path (the product master beside point products for a client with members but without marketing). Its api routes must accept the other path's menu function.
   */
  alsoOn?: string[];
  kind: 'crud' | 'form' | 'custom';
  title: I18NKey;
  description?: I18NKey;
  /**
   * Name of the resource in the change log, e.g. 'role'.
   */
  resource?: string;
  rowKey?: string;
  api: {
    list?: ApiCall;
    get?: ApiCall;
    create?: ApiCall;
    update?: ApiCall;
    remove?: ApiCall;
    /**
     * The list's export (toolbar 'export'): POSTed with the applied filters, format and lang; answers a job the engine follows.
     */
    export?: string;
    /**
     * The list's CSV import (toolbar 'import'): a chosen .csv file POSTed as multipart/form-data part `file`; a refusal lists the bad lines (data.errors: [{ line, code }]).
     */
    import?: string;
  };
  grid?: Grid;
  filters?: {
    schema: {};
    /**
     * RJSF uiSchema: ui:widget by name (src/widgets/names.ts); ui:options of the engine: visibleIf (json-logic), wide, tenantTypes, operatorOnlyValues, grant (role form: type or a switch, offered only as the caller's role holds it), grantFrom (flags: "GET <path>" answering { flags }, the bits the caller may give; only those offered), timezoneField (dateTime), multiline (names: a text area per language), filterBy and source (select, multiSelect), emptyLink (select, multiSelect: the id of the declaration whose screen creates the options; an empty option list says so and links there, its tab when several screens share a path). See docs/crud-engine.md.
     */
    uiSchema?: {};
  };
  form?: Form;
  modes?: ('view' | 'add' | 'edit')[];
  dialogSize?: 'md' | 'lg';
  /**
   * After a successful write, read the tenant config again: the screen edits what the config publishes (logo, login background, hint).
   */
  reloadConfig?: boolean;
  /**
   * Marketing preview kind (SPEC.md 2 'Preview', MarketingPreviewKind): the form gets a Preview action that opens the consumer page /m/{tenantCode}?mode=preview in a new window and posts the unsaved form data to it (src/domain/marketing/preview.ts maps it), up to four times at 2 s.
   */
  preview?: 'layout' | 'brandProduct' | 'banner' | 'popularProduct' | 'contactInfo' | 'memberProduct';
  /**
   * crud: view, add and edit open on a page of their own under the screen's path (e.g. "config": /activity/point-activity/config?mode=add|view|edit&id=N) instead of a dialog. The page without mode and id goes back to the list; a save in add mode goes back one page, in edit mode (with afterEdit view) shows the record in view mode. It is a child route of the screen's path by itself.
   */
  formPage?: string;
  /**
   * crud: what a successful save in edit mode does: close the dialog (default) or reopen the record in view mode (SPEC.md 4, popular products). A save in add mode always closes.
   */
  afterEdit?: 'close' | 'view';
  /**
   * For kind custom: the name of a registered pane (src/panes, registered by src/app/parts.ts) that renders the parts no declaration can express.
   */
  pane?: string;
  /**
   * Prefix of the screen's test hooks (data-testid) instead of the engine's own: <prefix>-add (the toolbar's add), <prefix>-table (the rows), <prefix>-row-<id> (a row or card), <prefix>-<column key> (a cell's content), <prefix>-view | -edit | -<row action id> (a row's buttons), <prefix>-back and <prefix>-<next id> (a wizard's buttons), <prefix>-<view route> (a wizard's record page).
   */
  testId?: string;
  /**
   * crud: add and edit run through these steps (the engine's wizard: step titles, Back and Next, each step checked before the next) instead of the form; each step a route of its own under the screen's path. Add opens the first step; edit opens the `edit` step with ?id=; view opens the `view` page with ?id=. The last step's Next ends the wizard back on the list.
   */
  wizard?: {
    /**
     * @minItems 1
     */
    steps: [WizardStep, ...WizardStep[]];
    /**
     * The route of the step that edits a row (?id=); default the first step.
     */
    edit?: string;
    view?: {
      route: string;
      title?: I18NKey;
      /**
       * The registered step part that shows one row (?id=).
       */
      part: string;
    };
  };
}
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "grid".
 */
export interface Grid {
  /**
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  defaultSort?: {
    key: string;
    order: 'asc' | 'desc';
  };
  actions?: ('view' | 'edit' | 'remove')[];
  rowActions?: Action[];
  /**
   * The toolbar export's button text and what its file holds (default: Export, and the screen's title), for an export that is not the list itself (the client list's client activity).
   */
  exportLabel?: string;
  toolbar?: ('add' | 'export' | 'import')[];
  /**
   * Show the create answer (e.g. a default password) in a dialog with this text.
   */
  createResult?: string;
  /**
   * Read the list again every everyMs, every activeEveryMs while a row of the page matches activeWhen (all fields equal) or while the count of activeWhileCount is above 0, and afterWriteMs after a write.
   */
  refresh?: {
    everyMs?: number;
    activeEveryMs?: number;
    activeWhen?: {
      [k: string]: string | number | boolean | null;
    };
    /**
     * A GET answering a count ({ amount } or a number): activeEveryMs applies while it is above 0 (the server's count, not the rows of the page on screen).
     */
    activeWhileCount?: string;
    afterWriteMs?: number;
  };
}
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "column".
 */
export interface Column {
  key: string;
  label: I18NKey;
  sortable?: boolean;
  /**
   * The width before the rows arrive; then the column is as wide as its header and cells need.
   */
  width?: number;
  /**
   * The least width in px (free texts such as names); otherwise a column is as wide as its header and the cells of the page need.
   */
  minWidth?: number;
  /**
   * Share of the spare room (default: the column's own least width).
   */
  flex?: number;
  columnStyle?: {};
  columnClass?: string;
  /**
   * How a cell shows its value; lang: a language code (zh_TW) as its name in the interface language; progress: 0-100 as a bar with its percentage; image: a stored image address as a small thumbnail.
   */
  format?: 'text' | 'datetime' | 'date' | 'boolean' | 'number' | 'names' | 'list' | 'lang' | 'progress' | 'image';
  /**
   * Name of an enum in src/domain/enums.ts; cells show its localized label.
   */
  enum?: string;
  /**
   * datetime and date columns: the row field holding the record's timezone id; the time shows in that zone, its name added where it is not the user's (src/domain/datetime.ts). Without it: the user's zone.
   */
  timezoneField?: string;
}
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "action".
 */
export interface Action {
  id: string;
  label: I18NKey;
  icon?: string;
  api: ApiCall;
  /**
   * Ask before calling; the text may use the row's fields.
   */
  confirm?: string;
  /**
   * Show the answer in a dialog with this text (e.g. a default password, shown once).
   */
  result?: string;
  notice?: I18NKey;
  /**
   * Row field holding a file address: the action downloads it (session token, screen masked), then calls api; hidden while empty.
   */
  download?: string;
  input?: ActionInput;
  /**
   * A destructive action: the confirmation warns and its buttons are red.
   */
  danger?: boolean;
  /**
   * A registered dialog part (registry kind `dialog`, src/app/parts.ts) that asks what the call needs and makes it (the lottery's result download: the activity's time zone, a product).
   */
  dialog?: string;
}
/**
 * A small form asked after the confirmation (e.g. the reason of a deletion); its data, checked by the shared validator, is the body of the call.
 *
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "actionInput".
 */
export interface ActionInput {
  /**
   * Title of the dialog (may use the row's fields); default the action's label.
   */
  title?: string;
  /**
   * JSON Schema (draft-07) of the body.
   */
  schema: {};
  /**
   * react-jsonschema-form UI schema; ui:widget names a widget of src/widgets.
   */
  uiSchema?: {};
  rules?: Rules;
}
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "form".
 */
export interface Form {
  /**
   * JSON Schema (draft-07) of the body; x-enum names an enum, x-options names an option source (the one spelling: 'GET path' on the field, an array field included; never ui:options.source).
   */
  schema: {};
  /**
   * react-jsonschema-form UI schema; ui:widget names a widget of src/widgets.
   */
  uiSchema?: {};
  rules?: Rules;
  /**
   * Fields that cannot change after creation.
   */
  readOnlyOnEdit?: string[];
  /**
   * Fields not shown or sent when editing.
   */
  omitOnEdit?: string[];
  /**
   * Questions asked before an edit is saved: when the record's `field` was `from` and the form sends `to`, the message (a warning with confirm and cancel) must be confirmed, else nothing is sent (e.g. disabling a factory disables its lines and shifts).
   */
  confirmOnEdit?: {
    field: string;
    from: unknown;
    to: unknown;
    message: I18NKey;
  }[];
  /**
   * How create and update bodies travel: json (default) or multipart/form-data (SPEC.md 7 'form data'): one part per top-level field, text as is, numbers and booleans as text, objects and arrays as JSON text; upload fields carry the stored file's address.
   */
  encoding?: 'json' | 'multipart';
}
/**
 * This interface was referenced by `ScreenDeclaration`'s JSON-Schema
 * via the `definition` "wizardStep".
 */
export interface WizardStep {
  /**
   * The step's child route under the screen's path (/activity/lottery-activity/create); its state travels in the query (?templateId=, ?draftId=).
   */
  route: string;
  title: I18NKey;
  /**
   * The registered step part (registry kind `step`, src/app/parts.ts) that renders the step and checks it when Next is pressed.
   */
  part: string;
  next?: {
    id: string;
    label: I18NKey;
  };
}
