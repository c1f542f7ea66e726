/** The rules of suppliers and distributors shared by the server and the screens (src/domain/partners.ts). */
import { describe, expect, it } from 'vitest';
import { SupplierFunction, UserType } from '../../src/domain/enums';
import { hasTelephoneOrMobile, isPartnerType, partnerAppFunctions, partnerFlagsAllowed, partnerMenuFunctions } from '../../src/domain/partners';

const { A, B, C } = SupplierFunction;

describe('partners', () => {
  it('tells partners from staff', () => {
    expect([UserType.Admin, UserType.Staff, UserType.Supplier, UserType.Distributor].map(isPartnerType)).toEqual([false, false, true, true]);
  });

  it('gives a supplier A, B and C, a distributor B and C', () => {
    expect(partnerFlagsAllowed(UserType.Supplier)).toBe(A | B | C);
    expect(partnerFlagsAllowed(UserType.Distributor)).toBe(B | C);
    expect(partnerAppFunctions(UserType.Supplier, A | B | C)).toBe(A | B);
    expect(partnerAppFunctions(UserType.Distributor, A | B | C)).toBe(B);
    expect(partnerAppFunctions(UserType.Supplier, C)).toBe(0);
  });

  it('opens the logistics queries with C only', () => {
    expect(partnerMenuFunctions(UserType.Supplier, A | B)).toEqual([]);
    expect(partnerMenuFunctions(UserType.Distributor, C)).toEqual([5, 26, 27, 28, 29]);
  });

  it('needs a telephone or a mobile (1501); blanks and "null" count as none', () => {
    expect(hasTelephoneOrMobile({ telephone: '0223456789' })).toBe(true);
    expect(hasTelephoneOrMobile({ phone: '912345678' })).toBe(true);
    expect(hasTelephoneOrMobile({ telephone: ' ', phone: 'null' })).toBe(false);
    expect(hasTelephoneOrMobile({})).toBe(false);
  });
});
