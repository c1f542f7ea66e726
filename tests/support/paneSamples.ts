/**
 * Sample answers of the hand-written panes' calls (kind "custom" declarations), shared by their
 * UI tests and their render snapshots (tests/schema/render-panes.test.tsx).
 */

/** GET Logistics/code?code=BOTTLE0001: a bottle bound in a box and a carton, scanned once, shipped. */
export const BARCODE_ANSWER = {
  code: 'BOTTLE0001', seq: 6, package: { id: 4, type: 1, codeType: 1, quantity: 10, createdAt: '2026-11-20T08:00:00.000Z' }, shortUrl: null,
  product: { id: 1, name: 'Green tea' }, packagingMaterial: { id: 2, no: 'GT-1', name: 'Bottle label' },
  client: { id: 3, code: 'demo', names: { en: 'Demo Co' } }, generatedAt: '2026-11-20T08:00:00.000Z',
  logistics: { level: 1, unit: 1, factory: { id: 1, name: 'Plant 1' }, line: { id: 1, name: 'Line 1' }, shift: { id: 1, name: 'Day' }, boundAt: '2026-11-21T08:00:00.000Z', status: 2, warehouse: { id: 2, name: 'Dealer store' } },
  parent: { code: 'BOX0001', level: 2 }, parents: [{ code: 'BOX0001', level: 2 }, { code: 'CARTON01', level: 3 }], children: [],
  scanCount: 1, scans: [{ source: 2, type: 2, scannedAt: '2026-11-21T08:00:00.000Z', location: 'Plant 1 / Line 1 / Day', account: 'app1', latitude: null, longitude: null }],
  movements: [{ sheetId: 9, sheetType: 4, scanned: false, at: '2026-11-22T08:00:00.000Z', account: 'app1', warehouse: { id: 1, name: 'Main store' }, toWarehouse: { id: 2, name: 'Dealer store' } }],
};

/** A function of GET System/document: its help document's address per language. */
export interface DocumentFunction { id: number; path: string; names: Record<string, string>; urls: Record<string, string> }

/** GET System/document: the help documents of two functions, one in English. */
export const DOCUMENT_GROUPS: { id: number; path: string; names: Record<string, string>; children: DocumentFunction[] }[] = [
  {
    id: 1, path: '/system', names: { zh_TW: '系統管理', zh_CN: '系统管理', en: 'System' },
    children: [
      { id: 9, path: '/system/role', names: { zh_TW: '員工角色設定', zh_CN: '员工角色设定', en: 'Staff roles' }, urls: { en: '/files/aaaa.pdf' } },
      { id: 10, path: '/system/employee', names: { zh_TW: '員工帳號設定', zh_CN: '员工账号设定', en: 'Staff accounts' }, urls: {} },
    ],
  },
];
