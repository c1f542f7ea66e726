/**
 * The panes of the screens no declaration can express: a map of lazy loaders whose keys are the
 * names a declaration's `"pane"` may use (the app registers it, src/app/registerAll.ts). Each is
 * a chunk of its own. Without React: the schema tests read the names.
 */
export const PANES = {
  // System / help documents (menu 15): a PDF per function and language.
  helpDocuments: () => import('./HelpDocumentsPane'),
  // Logistics / barcode query (menu 28): one code's whole life.
  barcodeQuery: () => import('./BarcodeQueryPane'),
  // Activity / lottery activities (menu 49): list, the three wizard steps and the detail.
  lotteryWizard: () => import('./lottery/LotteryPane'),
} as const;

export type PaneName = keyof typeof PANES;
