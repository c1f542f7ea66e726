/**
 * The parts the app plugs into the engine, each kind a map of lazy loaders whose keys are the
 * names (src/engine/registry/registry.ts). Nothing loads here: importing this module costs the
 * maps only, so the schema tests and the declaration checks can read the names.
 */
import { registerParts } from '../engine/registry/registry';
import { PANES } from '../panes/index';
import { FIELD_WIDGETS, WIDGETS } from '../widgets/index';
import { withFormWidgets } from '../engine/registry/widgets';

registerParts('screen', {
  crud: () => import('../engine/crud/CrudScreen'),
  form: withFormWidgets(() => import('../engine/crud/FormScreen')),
  custom: () => import('../engine/crud/CustomScreen'),
});
registerParts('pane', PANES);
registerParts('widget', WIDGETS);
registerParts('field', FIELD_WIDGETS);
// The date picker of list filters and panes, outside a form.
registerParts('input', { date: () => import('../widgets/DateWidgets').then((m) => m.DateInput) });
registerParts('formAction', {
  // A declaration's `preview`: the marketing preview beside Save (src/marketing).
  preview: () => import('../marketing/PreviewButton'),
});
registerParts('playground', { texts: () => import('../schemas/texts') });
