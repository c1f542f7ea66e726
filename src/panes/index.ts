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
} as const;

export type PaneName = keyof typeof PANES;

/**
 * The steps of declared wizards and their view pages (registry kind `step`; a declaration's
 * `wizard.steps[].part`, `wizard.view.part`), each a chunk of its own.
 */
export const STEPS = {
  // Activity / lottery activities (menu 49): template, settings, review; the released activity.
  lotteryTemplate: () => import('./lottery/LotteryTemplateStep'),
  lotteryConfig: () => import('./lottery/LotteryConfigStep'),
  lotteryReview: () => import('./lottery/LotteryDetail').then((m) => ({ default: m.LotteryReviewStep })),
  lotteryDetail: () => import('./lottery/LotteryDetail'),
} as const;

/** The dialogs of row actions (registry kind `dialog`; a row action's `"dialog"`). */
export const DIALOGS = {
  // The lottery list's result download: the activity's time zone, a product filter.
  lotteryReport: () => import('./lottery/ReportDialog'),
} as const;
