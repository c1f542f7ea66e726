/** Row types of the marketing tables (the consumer page's layout, banners, products, contact). */
import type { ColumnType, Generated } from 'kysely';
import type { Names } from '../../src/domain/lang';
import type { CreatedAt, Json, Timestamp } from './schema';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface MarketingLayoutTable {
  id: Generated<number>;
  tenant_id: number;
  /** 'current' or 'coming_soon'. */
  slot: string;
  effective_at: Opt<Date>;
  timezone_id: Opt<number>;
  layout: number;
  color_code: string;
  logo_url: Opt<string>;
  navigator_functions: number;
  query_page_functions: number;
  scan_general_message: Generated<string>;
  scan_exception_message: Generated<string>;
  privacy_title: Generated<string>;
  privacy_content: Generated<string>;
  privacy_version: Generated<number>;
  privacy_force: Generated<boolean>;
  copyright: Generated<string>;
  safe_scan_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingSettingTable {
  tenant_id: number;
  title_display_name: Json<Names>;
  updated_at: CreatedAt;
}

export interface MarketingBrandProductTable {
  id: Generated<number>;
  tenant_id: number;
  brand_product_id: number;
  enable: boolean;
  currency: string;
  /** numeric: a string from the database. */
  price: ColumnType<string, number | string, number | string>;
  names: Json<Names>;
  first_page: number;
  qualification: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingBannerTable {
  id: Generated<number>;
  tenant_id: number;
  brand_product_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  timezone_id: number;
  image_small: string;
  image_large: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingCategoryTable {
  id: Generated<number>;
  tenant_id: number;
  names: Json<Names>;
  enable: boolean;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingProductTable {
  id: Generated<number>;
  tenant_id: number;
  category_id: number;
  names: Json<Names>;
  image: Opt<string>;
  enable: boolean;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingPopularProductTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  timezone_id: number;
  names: Json<Names>;
  price: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  currency: Opt<string>;
  url: Opt<string>;
  image: Opt<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingContactTable {
  tenant_id: number;
  company: Json<Record<string, unknown>>;
  more_info: Json<{ name: string; url: string }[]>;
  platforms: Json<{ type: number; url: string; priority: number; iconImage?: string | null }[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MarketingTables {
  marketing_layouts: MarketingLayoutTable;
  marketing_settings: MarketingSettingTable;
  marketing_brand_products: MarketingBrandProductTable;
  marketing_banners: MarketingBannerTable;
  marketing_categories: MarketingCategoryTable;
  marketing_products: MarketingProductTable;
  marketing_popular_products: MarketingPopularProductTable;
  marketing_contacts: MarketingContactTable;
}
