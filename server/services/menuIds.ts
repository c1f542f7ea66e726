/**
 * Menu ids (SPEC.md 2 "Menu ids") that routes of more than one module guard with
 * (`config.menuId`). A module's own screen id may stay in the module.
 */
export const ROLE_MENU_ID = 9;
export const CLIENT_MENU_ID = 11;
export const CLIENT_PRODUCT_MENU_ID = 17;
export const PACKAGING_MENU_ID = 18;
export const BRAND_PRODUCT_MENU_ID = 19;
export const CODE_PACKAGE_MENU_ID = 25;
export const BARCODE_QUERY_MENU_ID = 28;
/** The menus whose forms choose a client (and a client product). */
export const CLIENT_CHOOSING_MENUS = [CLIENT_PRODUCT_MENU_ID, PACKAGING_MENU_ID, CODE_PACKAGE_MENU_ID];
