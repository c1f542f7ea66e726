/** The screen playground (en). */
const playground = {
  open: 'Screen playground',
  title: 'Screen playground',
  intro: 'Edit a screen declaration and see the screen it makes as you type. Nothing here is saved or sent: download the file and hand it to the developers.',
  declaration: 'Declaration',
  editor: 'Declaration JSON',
  edited: 'edited',
  changes: 'Changes',
  changesTitle: 'Changes against the current file',
  noChanges: 'No changes: the text is the current file.',
  reset: 'Reset',
  download: 'Download',
  language: 'Preview language',
  previewNote: 'Sample rows made from the columns; nothing is sent to the server.',
  notSent: 'preview, nothing was sent',
  noGrid: 'This declaration has no list (grid).',
  noForm: 'This declaration has no form.',
  noProblems: 'Every check of the schema tests passes',
  problems_one: '{{count}} problem to fix',
  problems: '{{count}} problems to fix',
  mode: { list: 'List', add: 'Add', edit: 'Edit', view: 'View' },
  check: {
    json: 'JSON', meta: 'Meta-schema', file: 'File', menu: 'Menu', kind: 'Kind', enums: 'Enum', concreteEnums: 'Enum values',
    filterBy: 'filterBy', export: 'Export', ownFields: 'Fields', visibleIf: 'visibleIf', validator: 'Validator', i18n: 'i18n key',
    optionSources: 'Option source', rowActionTexts: 'Row action', widgets: 'Widget', icons: 'Icon', calls: 'API call',
  },
};

export default playground;
