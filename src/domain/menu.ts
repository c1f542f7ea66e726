/**
 * The side-menu tree of SPEC.md section 2 and the hiding rules of section 6, written once for
 * the browser (routes, guards, breadcrumb) and the server (the menu it delivers and the
 * function checks of its routes).
 */
import type { Names } from './lang';
import { ClientFunction, TenantType } from './enums';

export interface MenuNode {
  id: number;
  /** Absolute route path, e.g. '/system/role'. */
  path: string;
  names: Required<Names>;
  children?: MenuNode[];
}

const n = (zh_TW: string, zh_CN: string, en: string) => ({ zh_TW, zh_CN, en });

export const MENU_TREE: readonly MenuNode[] = [
  { id: 1, path: '/system', names: n('系統管理', '系统管理', 'System'), children: [
    { id: 9, path: '/system/role', names: n('員工角色設定', '员工角色设定', 'Staff roles') },
    { id: 10, path: '/system/employee', names: n('員工帳號設定', '员工账号设定', 'Staff accounts') },
    { id: 11, path: '/system/client', names: n('客戶帳號設定', '客户账号设定', 'Client accounts') },
    { id: 12, path: '/system/distributor', names: n('經銷商設定', '经销商设定', 'Distributors') },
    { id: 13, path: '/system/supplier', names: n('供應商設定', '供应商设定', 'Suppliers') },
    { id: 14, path: '/system/announcement', names: n('公告管理', '公告管理', 'Announcements') },
    { id: 15, path: '/system/document', names: n('說明文件', '说明文件', 'Help documents') },
    { id: 16, path: '/system/other', names: n('其他設定', '其他设定', 'Other settings') },
  ] },
  { id: 2, path: '/product', names: n('產品管理', '产品管理', 'Products'), children: [
    { id: 17, path: '/product/client-product', names: n('客戶產品', '客户产品', 'Client products') },
    { id: 18, path: '/product/packaging-material', names: n('包材管理', '包材管理', 'Packaging materials') },
    { id: 19, path: '/product/brand-product', names: n('品牌產品', '品牌产品', 'Brand products') },
  ] },
  { id: 3, path: '/binding', names: n('綁定設定', '绑定设定', 'Binding'), children: [
    { id: 20, path: '/binding/factory', names: n('工廠', '工厂', 'Factories') },
    { id: 21, path: '/binding/production-line', names: n('產線', '产线', 'Production lines') },
    { id: 22, path: '/binding/shift', names: n('班別', '班别', 'Shifts') },
    { id: 23, path: '/binding/warehouse', names: n('倉庫', '仓库', 'Warehouses') },
    { id: 24, path: '/binding/package', names: n('包裝比例', '包装比例', 'Package ratios') },
  ] },
  { id: 4, path: '/code', names: n('碼管理', '码管理', 'Codes'), children: [
    { id: 25, path: '/code/package', names: n('碼包管理', '码包管理', 'Code packages') },
  ] },
  { id: 5, path: '/logistics', names: n('物流管理', '物流管理', 'Logistics'), children: [
    { id: 26, path: '/logistics/stock', names: n('入庫查詢', '入库查询', 'Stock-in query') },
    { id: 27, path: '/logistics/ship', names: n('出貨查詢', '出货查询', 'Shipment query') },
    { id: 28, path: '/logistics/code', names: n('條碼查詢', '条码查询', 'Barcode query') },
    { id: 29, path: '/logistics/exception', names: n('異常紀錄', '异常记录', 'Exception log') },
    { id: 30, path: '/logistics/anti-counterfeiting', names: n('防偽頁面維護', '防伪页面维护', 'Anti-counterfeiting page') },
  ] },
  { id: 6, path: '/marketing', names: n('行銷管理', '营销管理', 'Marketing'), children: [
    { id: 31, path: '/marketing/layout', names: n('版型設定', '版型设定', 'Page layout') },
    { id: 32, path: '/marketing/brand-product', names: n('產品資訊維護', '产品信息维护', 'Product info') },
    { id: 33, path: '/marketing/banner', names: n('橫幅廣告', '横幅广告', 'Banners') },
    { id: 34, path: '/marketing/product', names: n('商品主檔', '商品主档', 'Product master') },
    { id: 35, path: '/marketing/popular-product', names: n('熱門商品', '热门商品', 'Popular products') },
    { id: 36, path: '/marketing/contact-info', names: n('聯絡資訊', '联系信息', 'Contact info') },
  ] },
  { id: 7, path: '/member', names: n('會員管理', '会员管理', 'Members'), children: [
    { id: 38, path: '/member/setting', names: n('會員設定', '会员设定', 'Member settings') },
    { id: 39, path: '/member/product', names: n('點數商品', '积分商品', 'Point products') },
    { id: 40, path: '/member/order', names: n('點數商品兌換查詢', '积分商品兑换查询', 'Point exchange orders') },
  ] },
  { id: 48, path: '/activity', names: n('活動管理', '活动管理', 'Activities'), children: [
    { id: 49, path: '/activity/lottery-activity', names: n('抽獎活動', '抽奖活动', 'Lottery activities') },
    { id: 50, path: '/activity/point-activity', names: n('集點活動', '集点活动', 'Point activities') },
    { id: 51, path: '/activity/check-in-activity', names: n('簽到活動', '签到活动', 'Check-in activities') },
  ] },
  { id: 8, path: '/report', names: n('報表管理', '报表管理', 'Reports'), children: [
    { id: 42, path: '/report/download', names: n('匯出報表下載', '导出报表下载', 'Export downloads') },
    { id: 43, path: '/report/transaction-log', names: n('異動紀錄', '异动记录', 'Change log') },
  ] },
];

/** Functions unreleased by default (SPEC.md section 6, hidden "additionally" for clients). */
export const DEFAULT_UNRELEASED_MENU_IDS: readonly number[] = [3, 12, 13, 26, 27, 29, 30, 43, 37, 41, 51];

const NO_TENANT_HIDDEN = [1, 2, 3, 4, 5, 6, 7, 8, 48];
const OPERATOR_HIDDEN = [12, 13, 19, 3, 26, 27, 29, 30, 6, 7, 48];
const CLIENT_ALWAYS_HIDDEN = [11, 15, 17, 18, 4, 43];
const CLIENT_LOGISTICS_IDS = [3, 26, 27, 29, 30];
const CLIENT_MARKETING_IDS = [6, 49, 51];
const CLIENT_MEMBER_IDS = [7, 50];

export interface MenuVisibilityInput {
  /** null when there is no tenant. */
  tenantType: number | null;
  /** Client function flags (Logistics 1, Marketing 2, Member 4); ignored for the operator. */
  functionFlags: number;
  /** The tenant's own exclusion list (stored with the tenant, delivered in config). */
  excludedMenuIds?: readonly number[];
  /** The deployment's unreleased functions; defaults to DEFAULT_UNRELEASED_MENU_IDS. */
  unreleasedMenuIds?: readonly number[];
}

/** Every menu id hidden for a tenant by SPEC.md section 6. */
export function hiddenMenuIds(input: MenuVisibilityInput): Set<number> {
  const hidden = new Set<number>(input.excludedMenuIds ?? []);
  const add = (ids: readonly number[]) => ids.forEach((id) => { hidden.add(id); });
  if (input.tenantType === TenantType.Operator) {
    add(OPERATOR_HIDDEN);
  } else if (input.tenantType === TenantType.Client) {
    const flags = input.functionFlags;
    add(CLIENT_ALWAYS_HIDDEN);
    const logistics = (flags & ClientFunction.Logistics) !== 0;
    const marketing = (flags & ClientFunction.Marketing) !== 0;
    const member = (flags & ClientFunction.Member) !== 0;
    if (!logistics) add(CLIENT_LOGISTICS_IDS);
    if (!marketing) add(CLIENT_MARKETING_IDS);
    if (!member) add(CLIENT_MEMBER_IDS);
    if (!marketing && !member) add([48]);
    // With no function at all the whole logistics group goes too (SPEC.md: "logistics,
    // marketing, member and 48 are all hidden"), barcode query included.
    if (!logistics && !marketing && !member) add([5, 6, 7, 48]);
    add(input.unreleasedMenuIds ?? DEFAULT_UNRELEASED_MENU_IDS);
  } else {
    add(NO_TENANT_HIDDEN);
  }
  return hidden;
}

function prune(tree: readonly MenuNode[], keepChild: (id: number) => boolean, hidden: Set<number>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const group of tree) {
    if (hidden.has(group.id)) continue;
    const children = (group.children ?? []).filter((c) => !hidden.has(c.id) && keepChild(c.id));
    if (children.length > 0) out.push({ ...group, children });
  }
  return out;
}

/** The menu a tenant may grant to its roles: the tree less what is hidden; empty groups go. */
export function tenantMenu(input: MenuVisibilityInput): MenuNode[] {
  return prune(MENU_TREE, () => true, hiddenMenuIds(input));
}

/**
 * A user's side menu: the tenant's menu filtered by the role's functions. A role holds menu
 * ids; a child shows when the role holds its id, a group when any of its children shows.
 */
export function userMenu(input: MenuVisibilityInput, roleFunctions: readonly number[]): MenuNode[] {
  const granted = new Set(roleFunctions);
  return prune(MENU_TREE, (id) => granted.has(id), hiddenMenuIds(input));
}

/** Every id in a (pruned) tree, groups and children. */
export function menuIds(tree: readonly MenuNode[]): number[] {
  return tree.flatMap((g) => [g.id, ...(g.children ?? []).map((c) => c.id)]);
}

/** Every path in a (pruned) tree, groups and children: the guard's allow-list. */
export function flattenMenuPaths(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((g) => [g.path, ...(g.children ?? []).map((c) => c.path)]);
}

/** The trail from group to child for a path (breadcrumb); [] when the path is not a menu route. */
export function menuTrail(path: string, tree: readonly MenuNode[] = MENU_TREE): MenuNode[] {
  for (const g of tree) {
    for (const c of g.children ?? []) {
      if (path === c.path || path.startsWith(`${c.path}/`)) return [g, c];
    }
    if (path === g.path) return [g];
  }
  return [];
}

/** The route of a menu id; unknown ids fall back to /home (SPEC.md section 2). */
export function pathForMenuId(id: number): string {
  for (const g of MENU_TREE) {
    if (g.id === id) return g.path;
    for (const c of g.children ?? []) if (c.id === id) return c.path;
  }
  return '/home';
}

/** The default child route of a section (its first child in the full tree). */
export function defaultChildPath(groupPath: string): string | undefined {
  return MENU_TREE.find((g) => g.path === groupPath)?.children?.[0]?.path;
}
