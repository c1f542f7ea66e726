/**
 * Enumerations of SPEC.md section 3 (and the dialog modes of section 2). Values are binding.
 * Where SPEC.md names a set but not its values ("not shown"), the values chosen here are
 * marked "decided" and are the project's contract from now on.
 * Bit-flag sets say "(bit)" and combine with `|`.
 */

// --- Tenants, users, roles -------------------------------------------------------------
export const TenantType = { Operator: 1, Client: 2 } as const;
/** Client function flags (bit). */
export const ClientFunction = { Logistics: 1, Marketing: 2, Member: 4 } as const;
export const UserType = { Admin: 1, Staff: 2, Supplier: 3, Distributor: 4 } as const;
export const UserStatus = { Enabled: 1, Disabled: 2, Locked: 3 } as const;
export const RoleType = { Admin: 1, General: 2 } as const;
/** mimaStatus of the session user: 2 means the default password must be changed. */
export const MimaStatus = { Normal: 1, MustChange: 2 } as const;
export const Portal = { General: 1, LDAP: 2 } as const;
export const FunctionType = { Backend: 1, App: 2 } as const;
/** Supplier function flags (bit): A production scan, B stock and shipment scan, C logistics management. */
export const SupplierFunction = { A: 1, B: 2, C: 4 } as const;
export const ClientProxyType = { All: 1, Partial: 2 } as const;
export const ClientDomainType = { General: 1, SubDomain: 2, CustomDomain: 3 } as const;
/** Client layout flags (bit). */
export const ClientLayout = { A: 1, B: 2, C: 4 } as const;
export const WarehouseType = { Share: 1, Client: 2, Distributor: 3, Supplier: 4 } as const;

// --- Announcements and texts ------------------------------------------------------------
export const AnnouncementTarget = {
  Internal: 1, AllClients: 2, AllDistributors: 3, AllSuppliers: 4, DistributorCategory: 5,
} as const;
export const TextKeyType = { SingleText: 1, TextArea: 2, Numeric: 3, PdfUrl: 4, ImageUrl: 5 } as const;

// --- Products, packaging, codes, logistics ----------------------------------------------
export const PackageLevel = { One: 1, Two: 2, Three: 3, Four: 4, Five: 5 } as const;
export const PackageUnit = {
  Bottle: 1, Jar: 2, Packet: 3, SmallBag: 4, MediumBag: 5, LargeBag: 6, Box: 7,
  SmallCarton: 8, MediumCarton: 9, LargeCarton: 10, Pallet: 11,
} as const;
export const PackagingCodeType = { Logistic: 1, Marketing: 2 } as const;
/** Custom code format flags (bit). */
export const CustomCodeFormat = { Number: 1, UppercaseLetter: 2, LowercaseLetter: 4 } as const;
export const PackagingBindingSheetType = { MarketingLogistic: 1, Logistic: 2, Marketing: 3 } as const;
export const CodePackageType = { Production: 1, TestProduction: 2, Demo: 3, Card: 4 } as const;
/** Init (1) means generating: the list polls while any package is in it. */
export const CodePackageStatus = { Init: 1, Generated: 2 } as const;
/** What a scan batch of the app did (scan_batches.kind, exception_logs.kind). */
export const ScanBatchKind = { Binding: 1, Stock: 2, Ship: 3 } as const;
/** Why the app's scan batch refused a code (the answer's data.key; exception_logs.reason). */
export const ScanRefusal = { BarcodeNotExist: 'barcodeNotExist', NotStockedIn: 'notStockedIn', AlreadyBound: 'alreadyBound' } as const;

export const LogisticSheetType = {
  ProductionStock: 1, TransferStock: 2, ReturnStock: 3, SaleShip: 4, TransferShip: 5, ReturnShip: 6,
} as const;
export const ScanLogType = { PC: 1, Mobile: 2 } as const;
/** Decided: who recorded a scan (scan_logs.source): the consumer page or the mobile app. */
export const ScanSource = { Consumer: 1, App: 2 } as const;
/** Decided: code package print types. */
export const PrintType = { General: 1, Dynamic: 2 } as const;
export const ExportFormat = { Txt: 'txt', Csv: 'csv' } as const;

// --- Reports and jobs -------------------------------------------------------------------
export const ReportExportStatus = { Preparing: 1, Processing: 2, Completed: 3, Error: 4 } as const;
/** Download report types 1 and 2 (activity result download: winners list, activity record). */
export const DownloadReportType = { Winners: 1, ActivityRecords: 2 } as const;
export const ActivityRecordListType = { Winners: 1, ActivityRecord: 2 } as const;
export const JobCategory = {
  ExportPackages: 1, ExportBrandProducts: 2, AddCodes: 3, ExportCodes: 4, ExportLogistics: 5,
  ExportLogisticsDetails: 6, ExportExceptionLogs: 7, ExportChangeLogs: 8, ExportChangeDetails: 9,
  ExportActivityRecords: 10, ExportPrizeWinners: 11, ExportMemberOrders: 12, ExportMemberData: 13,
  ExportCodeInfos: 14,
  /** 15 to 18: the exports of one specific customer. */
  CustomerExportScanLog: 15, CustomerExportMemberData: 16, CustomerExportActivityRecords: 17,
  CustomerExportPrizeWinners: 18,
  /** The operator's report of its clients' activity (POST Report/ClientsActivity; issue 23, not in SPEC's list). */
  ExportClientsActivity: 19,
  /** The check-in activities' participants (POST marketing/check-in-activity/file; issue 29, not in SPEC's list). */
  ExportCheckInParticipants: 20,
  Test: 999,
} as const;

// --- Marketing --------------------------------------------------------------------------
/** Page layout flags (bit). */
export const PageLayout = { A: 1, B: 2, C: 4 } as const;
/** Navigator (visible) function flags (bit). */
export const VisibleFunction = { QueryResult: 1, LatestActivities: 2, PopularProducts: 4 } as const;
/** Query page flags (bit). */
export const QueryPageFunction = { LatestScanLocation: 1, ScannedCount: 2, Price: 4, Code: 8 } as const;
/** Events page flags (bit). */
export const EventsPageFunction = {
  EventName: 1, EventDescription: 2, ExchangeDescription: 4, RedeemExpiry: 8, Notes: 16,
  EventTime: 32, EventQualification: 64,
} as const;
export const MarketingPlatform = {
  Line: 1, Wechat: 2, Facebook: 3, Instagram: 4, Email: 5, Custom: 6, CustomImage: 7,
} as const;
/** Brand product first page (bit). */
export const BrandProductFirstPage = { QueryResult: 1, Activities: 2, PopularProducts: 4, Activity: 8 } as const;
/**
 * Distinct: may join several activities without overlap; SingleOnce: only one activity;
 * BothOnce: one point activity and one lottery activity.
 */
export const BrandProductQualification = { Distinct: 1, SingleOnce: 2, BothOnce: 3 } as const;
/** Decided: the hex values (no '#') of the 11 layout colours; red is the preview default. */
export const LayoutColor = {
  Red: 'b83a24', Cyan: '1fa9b5', Pink: 'e0628f', Orange: 'f08c1c', LightBlue: '4fa3e0', Gray: '7d7d7d',
  Yellow: 'e8c31c', Blue: '1f5fbf', Black: '222222', Green: '3a9a4b', Purple: '7b4fb0',
} as const;
export const MarketingPreviewKind = {
  Layout: 'layout', BrandProduct: 'brandProduct', Banner: 'banner', PopularProduct: 'popularProduct',
  ContactInfo: 'contactInfo', MemberProduct: 'memberProduct',
} as const;

// --- Members ----------------------------------------------------------------------------
export const MemberRewardPointMemoType = { Txt: 1, Other: 2 } as const;
export const RewardPointEarnType = { ScanCode: 1, OrderAdjustIncrease: 2, Other: 3 } as const;
/** Login platforms. */
export const AccountLinkType = { Line: 1, Wechat: 2, Facebook: 3, Google: 4 } as const;
/** Member required-info flags (bit). */
export const MemberRequiredInfo = {
  Phone: 1, Name: 2, Gender: 4, Birth: 8, Email: 16, Address: 32, LINEID: 64, DiscountCode: 128,
} as const;
export const PointCalculationType = { Permanent: 1, LastOneYear: 2, LastTwoYears: 3 } as const;
export const PointChangeLogType = {
  ScanCode: 1, Redeem: 2, Expiry: 3, OrderAdjustIncrease: 4, OrderAdjustDecrease: 5,
  /** Issue 29: a shopper's daily check-in (SPEC lists no type for it). */
  CheckIn: 6,
} as const;
export const MemberOrderStatus = { Created: 1, Stocking: 2, Shipped: 3, Canceled: 4 } as const;
export const Gender = { Female: 1, Male: 2, Secret: 3 } as const;

// --- Activities -------------------------------------------------------------------------
export const RewardRuleType = { PricePercentage: 1, Constant: 2 } as const;
export const RewardIcon = { Box: 1, RedPacket: 2 } as const;
export const RewardExpiryType = { Date: 1, DaysFromTomorrow: 2 } as const;
export const RewardBindingType = { Product: 1, OrderPackage: 2, ShipmentPackage: 3 } as const;
/** Lottery qualificationType: 1 product, 2 order package, 3 shipment package. */
export const QualificationType = { Product: 1, OrderPackage: 2, ShipmentPackage: 3 } as const;
export const PointActivityStatus = { Published: 1, Ongoing: 2, Ended: 3, Disabled: 4 } as const;
export const LotteryActivityStatus = { NotStarted: 1, Ongoing: 2, Ended: 3, Disabled: 4 } as const;
export const GameType = {
  All: 0, Scratch: 1, Wheel: 2, RedEnvelope: 3, RingToss: 4, Mary: 5, Darts: 6, GuessCard: 7,
  Puzzle: 8, Baseball: 9,
} as const;
/** 1 online without serial, 2 online with serial, 3 system-generated serial, 4 imported serial. */
export const ExchangeMethod = {
  OnlineWithoutSerial: 1, OnlineWithSerial: 2, SystemSerial: 3, ImportedSerial: 4,
} as const;
export const PayMethod = { None: 0, WechatPay: 1 } as const;
export const PrizeType = { NotWinning: 0, Winning: 1 } as const;
export const RedemptionFieldType = {
  Dropdown: 1, Radio: 2, Checkbox: 3, SingleLine: 4, MultiLine: 5, Number: 6, Date: 7, Address: 9,
} as const;
/** Decided: number condition of a redemption 'Number' field. */
export const NumberCondition = { Positive: 1, Negative: 2, Unlimited: 3 } as const;

// --- Screens and dialogs ----------------------------------------------------------------
export const HomeDialogMode = {
  None: 0, ViewProfile: 1, EditProfile: 2, Logout: 3, ChangeDefaultPassword: 4,
  SuggestPasswordChange: 5, EditPassword: 6,
} as const;
export const DialogMode = { View: 'view', Add: 'add', Edit: 'edit' } as const;
/** What a change_logs row records (the transaction log, menu 43). */
export const ChangeAction = { Create: 'create', Update: 'update', Delete: 'delete' } as const;
export const ModalSize = { Md: 'md', Lg: 'lg' } as const;

/** Every enumeration by name, for the schema engine (`"$ref": "enum:RoleType"`). */
export const ENUMS = {
  TenantType, ClientFunction, UserType, UserStatus, RoleType, MimaStatus, Portal, FunctionType,
  SupplierFunction, ClientProxyType, ClientDomainType, ClientLayout, WarehouseType,
  AnnouncementTarget, TextKeyType,
  PackageLevel, PackageUnit, PackagingCodeType, CustomCodeFormat, PackagingBindingSheetType,
  CodePackageType, CodePackageStatus, LogisticSheetType, ScanBatchKind, ScanRefusal, ScanLogType, PrintType, ExportFormat,
  ReportExportStatus, DownloadReportType, ActivityRecordListType, JobCategory,
  PageLayout, VisibleFunction, QueryPageFunction, EventsPageFunction, MarketingPlatform,
  BrandProductFirstPage, BrandProductQualification, LayoutColor, MarketingPreviewKind,
  MemberRewardPointMemoType, RewardPointEarnType, AccountLinkType, MemberRequiredInfo,
  PointCalculationType, PointChangeLogType, MemberOrderStatus, Gender,
  RewardRuleType, RewardIcon, RewardExpiryType, RewardBindingType, QualificationType,
  PointActivityStatus, LotteryActivityStatus, GameType, ExchangeMethod, PayMethod, PrizeType,
  RedemptionFieldType, NumberCondition,
  HomeDialogMode, DialogMode, ModalSize, ChangeAction,
} as const;

export type EnumName = keyof typeof ENUMS;
/** The value type of an enumeration object, e.g. `EnumValue<typeof RoleType>` is 1 | 2. */
export type EnumValue<E extends Record<string, string | number>> = E[keyof E];

/**
 * Enumerations whose values are bit flags (combined with `|`); a form offers them as
 * checkboxes and stores the sum.
 */
export const FLAG_ENUMS: readonly EnumName[] = [
  'ClientFunction', 'SupplierFunction', 'ClientLayout', 'CustomCodeFormat', 'PageLayout',
  'VisibleFunction', 'QueryPageFunction', 'EventsPageFunction', 'BrandProductFirstPage',
  'MemberRequiredInfo',
];

export function isEnumName(name: string): name is EnumName {
  return Object.hasOwn(ENUMS, name);
}

/** The [name, value] pairs of an enumeration in declaration order. */
export function enumEntries(name: EnumName): [string, string | number][] {
  return Object.entries(ENUMS[name]);
}

/** The member name of a value, e.g. enumKeyOf('RoleType', 2) === 'General'. */
export function enumKeyOf(name: EnumName, value: unknown): string | undefined {
  return enumEntries(name).find(([, v]) => v === value)?.[0];
}

/** The flags of a bit set, e.g. splitFlags('ClientFunction', 5) -> [1, 4]. */
export function splitFlags(name: EnumName, bits: number): number[] {
  return enumEntries(name)
    .map(([, v]) => v)
    .filter((v): v is number => typeof v === 'number' && v > 0 && (bits & v) === v);
}
