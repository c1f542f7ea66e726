/** Names of the panes src/engine/panes/index.ts registers, without React (schema tests, tools). */
export const PANE_NAMES = ['helpDocuments', 'barcodeQuery', 'lotteryWizard'] as const;

export type PaneName = (typeof PANE_NAMES)[number];
