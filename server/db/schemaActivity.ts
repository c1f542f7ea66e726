/** Row types of the activity tables of migration 0017_check_in. */
import type { ColumnType, Generated } from 'kysely';
import type { CheckInEntry } from '../../src/domain/activity/checkIn';
import type { QualificationPackages, RewardRule } from '../../src/domain/activity/pointActivity';
import type { CreatedAt, Json } from './schema';

type Instant = ColumnType<Date, Date | string, Date | string>;

export interface CheckInActivityTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  timezone_id: number;
  starts_at: Instant;
  ends_at: Instant;
  enable: Generated<boolean>;
  required_days: number;
  entries: Json<CheckInEntry[]>;
  /** Migration 0028: what a check-in grants. */
  points_per_day: Generated<number>;
  completion_points: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Migration 0028_check_in_records: one per member, activity and day (in the activity's zone). */
export interface CheckInRecordTable {
  id: Generated<string>;
  tenant_id: number;
  activity_id: number;
  member_id: number;
  /** 'YYYY-MM-DD' (selected with to_char). */
  day: ColumnType<Date | string, string, string>;
  streak: number;
  points: number;
  checked_at: Instant;
}

/** Migration 0023_point_activities. */
export interface PointActivityTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  enable: Generated<boolean>;
  enter_limit_hours: Generated<number>;
  timezone_id: number;
  /** date columns: read as 'YYYY-MM-DD' with the to_char select of the module. */
  from_date: ColumnType<Date | string, string, string>;
  to_date: ColumnType<Date | string, string, string>;
  image_url: string | null;
  expiry_type: number;
  expiry_date: ColumnType<Date | string | null, string | null, string | null>;
  expiry_days: number | null;
  description: string | null;
  qualification_text: string | null;
  notice: string | null;
  icon: number;
  qualification_type: number;
  qualification: Json<{ product?: number[]; order?: QualificationPackages[]; shipment?: QualificationPackages[] }>;
  reward_rules: Json<RewardRule[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ActivityTables {
  check_in_activities: CheckInActivityTable;
  check_in_records: CheckInRecordTable;
  point_activities: PointActivityTable;
}
