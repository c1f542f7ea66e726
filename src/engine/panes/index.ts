/**
 * The panes of the screens no declaration can express, registered by the names of
 * names.ts. Each is a lazy chunk.
 */
import { lazyChunk } from '../lazy/lazyChunk';
import type { PaneName } from './names';
import { registerPane, type PaneComponent } from './registry';

const PANES: Record<PaneName, PaneComponent> = {
  // System / help documents (menu 15): a PDF per function and language.
  helpDocuments: lazyChunk(() => import('./HelpDocumentsPane')),
  // Logistics / barcode query (menu 28): one code's whole life.
  barcodeQuery: lazyChunk(() => import('./BarcodeQueryPane')),
  // Activity / lottery activities (menu 49): list, the three wizard steps and the detail.
  lotteryWizard: lazyChunk(() => import('./lottery/LotteryPane')),
};

for (const [name, component] of Object.entries(PANES)) registerPane(name, component);

export { registerPane, paneFor, type PaneProps } from './registry';
