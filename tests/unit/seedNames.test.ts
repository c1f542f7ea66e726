/** The seeded admin's name and role show in the interface language; a renamed one as typed. */
import { describe, expect, it } from 'vitest';
import { shownName } from '../../src/domain/seedNames';
import { formatCell } from '../../src/domain/format';
import { itemLabel } from '../../src/domain/options';
import { ADMIN_ROLE_NAME, ADMIN_USER_NAME } from '../../server/services/tenants';

describe('system-given names', () => {
  it('show in the interface language wherever a name shows', () => {
    expect(shownName(ADMIN_USER_NAME, 'en')).toBe('System administrator');
    expect(shownName(ADMIN_ROLE_NAME, 'zh_CN')).toBe('系统管理员');
    expect(shownName(ADMIN_ROLE_NAME, 'zh_TW')).toBe('系統管理員');
    expect(formatCell({}, ADMIN_ROLE_NAME, (k) => k, 'en')).toBe('System administrator');
    expect(itemLabel({ value: 1, label: ADMIN_ROLE_NAME }, 'en')).toBe('System administrator');
  });

  it('leave names users gave as they are', () => {
    expect(shownName('Warehouse leads', 'zh_TW')).toBe('Warehouse leads');
    expect(shownName(null, 'en')).toBeNull();
  });
});
