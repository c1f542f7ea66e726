/**
 * Logistics rules shared by the server and the screens (issue 16): sheet kinds, the state of a
 * code in the supply chain, the limits of a scan batch of the mobile app and the keys of its
 * refusals (locale texts `scan.<key>`).
 */
import { LogisticSheetType } from './enums';

/** A code's place in the supply chain (code_logistics.status). */
export const CodeStockStatus = { None: 0, InStock: 1, Shipped: 2 } as const;

export const STOCK_SHEET_TYPES: readonly number[] = [LogisticSheetType.ProductionStock, LogisticSheetType.TransferStock, LogisticSheetType.ReturnStock];
export const SHIP_SHEET_TYPES: readonly number[] = [LogisticSheetType.SaleShip, LogisticSheetType.TransferShip, LogisticSheetType.ReturnShip];
export const isStockSheet = (t: number) => STOCK_SHEET_TYPES.includes(t);
export const isShipSheet = (t: number) => SHIP_SHEET_TYPES.includes(t);

/** Codes one batch may name (a tree of a binding counts every node). */
export const SCAN_BATCH_MAX_CODES = 10_000;
/** A code as the app reads it from a label. */
export const SCAN_CODE_MAX_LENGTH = 64;
/** The client's batch id: its retry key. */
export const BATCH_ID_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';

/**
 * What a scan batch can be refused for (data.key of the answer; enums.ts ScanRefusal):
 * BarcodeNotExist: the code is unknown, or another tenant's (never told apart): 404 code 2;
 * NotStockedIn: ship-out of a code not in stock in the warehouse shipped from: 400 code 3;
 * AlreadyBound: a code already bound (or packed into another package): 400 code 3.
 */
export { ScanRefusal } from './enums';

/** Barcode query: scans and movements shown per code at most (the newest). */
export const CODE_QUERY_MAX_ROWS = 200;
