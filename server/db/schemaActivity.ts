/** Row types of the activity tables of migration 0017_check_in. */
import type { ColumnType, Generated } from 'kysely';
import type { CheckInEntry } from '../../src/domain/activity/checkIn';
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
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ActivityTables {
  check_in_activities: CheckInActivityTable;
}
