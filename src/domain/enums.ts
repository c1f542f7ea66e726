/** Enumerations of SPEC.md section 3. Values are binding. */
export const TenantType = { Operator: 1, Client: 2 } as const;
export const ClientFunction = { Logistics: 1, Marketing: 2, Member: 4 } as const;
export const UserType = { Admin: 1, Staff: 2, Supplier: 3, Distributor: 4 } as const;
export const UserStatus = { Enabled: 1, Disabled: 2, Locked: 3 } as const;
export const RoleType = { Admin: 1, General: 2 } as const;
/** mimaStatus of the session user: 2 means the default password must be changed. */
export const MimaStatus = { Normal: 1, MustChange: 2 } as const;
