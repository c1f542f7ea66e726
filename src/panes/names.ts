/** Names of the panes (the keys of src/panes/index.ts). */
import { PANES, type PaneName } from './index';

export const PANE_NAMES = Object.keys(PANES) as PaneName[];
export type { PaneName };
