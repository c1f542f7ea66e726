/**
 * The parts the app plugs into the engine, each kind a map of lazy loaders whose keys are the
 * names (src/engine/registry/registry.ts). Nothing loads here: importing this module costs the
 * maps only, so the schema tests and the declaration checks can read the names.
 */
import { registerParts } from '../engine/registry/registry';
import { DIALOGS, PANES, STEPS } from '../panes/index';
import { FIELD_WIDGETS, WIDGETS } from '../widgets/index';
import { withFormWidgets } from '../engine/registry/widgets';

registerParts('screen', {
  crud: () => import('../engine/crud/CrudScreen'),
  form: withFormWidgets(() => import('../engine/crud/FormScreen')),
  custom: () => import('../engine/crud/CustomScreen'),
});
registerParts('pane', PANES);
registerParts('step', STEPS);
registerParts('dialog', DIALOGS);
registerParts('widget', WIDGETS);
registerParts('field', FIELD_WIDGETS);
// Plain inputs the engine shows outside a form: the date picker of list filters and panes.
registerParts('input', {
  date: () => import('../widgets/DateWidgets').then((m) => m.DateInput),
});
registerParts('formAction', {
  // A declaration's `preview`: the marketing preview beside Save (src/marketing).
  preview: () => import('../marketing/PreviewButton'),
});
registerParts('playground', { texts: () => import('../schemas/texts') });
// The icons a declaration's row action may name (`"icon": "LockReset"`), the built-in actions' too.
registerParts('icon', {
  Add: () => import('@mui/icons-material/AddRounded'),
  Block: () => import('@mui/icons-material/BlockOutlined'),
  CheckCircle: () => import('@mui/icons-material/CheckCircleOutlined'),
  ContentCopy: () => import('@mui/icons-material/ContentCopyOutlined'),
  Delete: () => import('@mui/icons-material/DeleteOutlined'),
  Download: () => import('@mui/icons-material/DownloadOutlined'),
  Edit: () => import('@mui/icons-material/EditOutlined'),
  Key: () => import('@mui/icons-material/KeyOutlined'),
  LockOpen: () => import('@mui/icons-material/LockOpenOutlined'),
  LockReset: () => import('@mui/icons-material/LockReset'),
  PlayArrow: () => import('@mui/icons-material/PlayArrowOutlined'),
  Refresh: () => import('@mui/icons-material/RefreshOutlined'),
  Send: () => import('@mui/icons-material/SendOutlined'),
  Visibility: () => import('@mui/icons-material/VisibilityOutlined'),
});
