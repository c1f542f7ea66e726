/**
 * The registry of screen declarations: every src/schemas/<module>/<screen>.json, imported
 * explicitly so the list is the same under Vite, vitest, tsx and any bundle (no folder
 * scanning at run time).
 *
 * A new screen = its JSON file + one line here + its locale keys. The schema tests fail
 * when a JSON file under src/schemas is missing from this list (or, for a form shown outside a
 * screen, from FORM_FILES).
 */
import announcementCategory from './system/announcement-category.json';
import announcement from './system/announcement.json';
import client from './system/client.json';
import helpDocument from './system/document.json';
import employee from './system/employee.json';
import other from './system/other.json';
import role from './system/role.json';
import distributor from './system/distributor.json';
import supplier from './system/supplier.json';
import clientProduct from './product/client-product.json';
import packagingMaterial from './product/packaging-material.json';
import packagingCategory from './product/packaging-category.json';
import brandProduct from './product/brand-product.json';
import brand from './product/brand.json';
import factory from './binding/factory.json';
import productionLine from './binding/production-line.json';
import shift from './binding/shift.json';
import warehouse from './binding/warehouse.json';
import packageRatio from './binding/package.json';
import codePackage from './code/package.json';
import stockSheet from './logistics/stock.json';
import shipSheet from './logistics/ship.json';
import barcodeQuery from './logistics/code.json';
import exceptionLog from './logistics/exception.json';
import antiCounterfeiting from './logistics/anti-counterfeiting.json';
import reportDownload from './report/download.json';
import reportTransactionLog from './report/transaction-log.json';
import marketingLayout from './marketing/layout.json';
import marketingLayoutTitle from './marketing/layout-title.json';
import marketingBrandProduct from './marketing/brand-product.json';
import marketingBanner from './marketing/banner.json';
import marketingProduct from './marketing/product.json';
import marketingProductCategory from './marketing/product-category.json';
import marketingPopularProduct from './marketing/popular-product.json';
import marketingContactInfo from './marketing/contact-info.json';
import lotteryActivity from './activity/lottery-activity.json';
import memberSetting from './member/setting.json';
import memberMember from './member/member.json';
import activityGameTemplate from './activity/game-template.json';
import activityCheckIn from './activity/check-in.json';
import activityPointActivity from './activity/point-activity.json';
import memberPointProduct from './member/product.json';
import memberOrder from './member/order.json';
import sessionProfile from './session/profile.json';
import sessionPassword from './session/password.json';

export const DECLARATION_FILES: readonly unknown[] = [
  role,
  employee,
  client,
  distributor,
  supplier,
  announcement,
  announcementCategory,
  helpDocument,
  other,
  // Screens sharing a path show as tabs in this order (the first one's title on top).
  clientProduct,
  packagingMaterial,
  packagingCategory,
  brandProduct,
  brand,
  factory,
  productionLine,
  shift,
  warehouse,
  packageRatio,
  codePackage,
  stockSheet,
  shipSheet,
  exceptionLog,
  antiCounterfeiting,
  barcodeQuery,
  reportDownload,
  reportTransactionLog,
  // Marketing (menu 6). Form screens sharing a path show one under the other (layout, then its title name).
  marketingLayout,
  marketingLayoutTitle,
  marketingBrandProduct,
  marketingBanner,
  marketingProduct,
  marketingProductCategory,
  marketingPopularProduct,
  marketingContactInfo,
  // Members (menu 7): the settings form and the member list share a path (tabs).
  memberSetting,
  memberMember,
  // Activities (menu 48): the lottery wizard first (list, create, config, info, detail under one path),
  // game templates a tab of the same path (49); check-in (51).
  lotteryActivity,
  activityGameTemplate,
  activityCheckIn,
  // Point activities (50): a list and its config page (/activity/point-activity/config).
  activityPointActivity,
  // Point products and member orders (menus 39, 40).
  memberPointProduct,
  memberOrder,
];

/**
 * Forms the engine shows outside a screen (shape: form.schema.json): the top bar's profile and
 * password dialogs. The app registers them with the screens (src/app/registerAll.ts).
 */
export const FORM_FILES: readonly unknown[] = [sessionProfile, sessionPassword];
