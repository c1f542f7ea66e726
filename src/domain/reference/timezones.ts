/**
 * The config's timezone list (timezoneInfo): representative IANA zones from UTC-12 to UTC+14.
 *
 * Ids are stored with data (banners, activities, announcements), so they are written out
 * here, never computed from a position: an id is given once and never changes or returns.
 * 100 to 109 are the platform's home markets (103 is Taipei, the preview default of SPEC.md);
 * 110 onward follow the offset from UTC-12 upward; new zones take the next free id.
 * `offset` is the standard-time offset in minutes; the list is ordered by offset, then id.
 */
import type { TimezoneInfo } from '../api';

/** [id, IANA zone, offset minutes, zh_TW, zh_CN, en] */
type Row = [number, string, number, string, string, string];

const ROWS: Row[] = [
  [100, 'UTC', 0, '世界協調時間', '协调世界时', 'Coordinated Universal Time'],
  [101, 'Asia/Shanghai', 480, '北京', '北京', 'Beijing'],
  [102, 'Asia/Hong_Kong', 480, '香港', '香港', 'Hong Kong'],
  [103, 'Asia/Taipei', 480, '台北', '台北', 'Taipei'],
  [104, 'Asia/Singapore', 480, '新加坡', '新加坡', 'Singapore'],
  [105, 'Asia/Kuala_Lumpur', 480, '吉隆坡', '吉隆坡', 'Kuala Lumpur'],
  [106, 'Asia/Macau', 480, '澳門', '澳门', 'Macau'],
  [107, 'Asia/Tokyo', 540, '東京', '东京', 'Tokyo'],
  [108, 'Asia/Seoul', 540, '首爾', '首尔', 'Seoul'],
  [109, 'America/New_York', -300, '紐約', '纽约', 'New York'],
  [110, 'Etc/GMT+12', -720, '國際換日線西', '国际日期变更线西', 'International Date Line West'],
  [111, 'Pacific/Pago_Pago', -660, '美屬薩摩亞', '美属萨摩亚', 'American Samoa'],
  [112, 'Pacific/Honolulu', -600, '夏威夷', '夏威夷', 'Hawaii'],
  [113, 'Pacific/Marquesas', -570, '馬克薩斯群島', '马克萨斯群岛', 'Marquesas Islands'],
  [114, 'America/Anchorage', -540, '阿拉斯加', '阿拉斯加', 'Alaska'],
  [115, 'America/Los_Angeles', -480, '洛杉磯', '洛杉矶', 'Los Angeles'],
  [116, 'America/Vancouver', -480, '溫哥華', '温哥华', 'Vancouver'],
  [117, 'America/Denver', -420, '丹佛', '丹佛', 'Denver'],
  [118, 'America/Phoenix', -420, '亞利桑那', '亚利桑那', 'Arizona'],
  [119, 'America/Chicago', -360, '芝加哥', '芝加哥', 'Chicago'],
  [120, 'America/Mexico_City', -360, '墨西哥城', '墨西哥城', 'Mexico City'],
  [121, 'America/Toronto', -300, '多倫多', '多伦多', 'Toronto'],
  [122, 'America/Bogota', -300, '波哥大', '波哥大', 'Bogota'],
  [123, 'America/Lima', -300, '利馬', '利马', 'Lima'],
  [124, 'America/Halifax', -240, '哈利法克斯', '哈利法克斯', 'Halifax'],
  [125, 'America/Caracas', -240, '卡拉卡斯', '加拉加斯', 'Caracas'],
  [126, 'America/Santiago', -240, '聖地牙哥', '圣地亚哥', 'Santiago'],
  [127, 'America/St_Johns', -210, '紐芬蘭', '纽芬兰', 'Newfoundland'],
  [128, 'America/Sao_Paulo', -180, '聖保羅', '圣保罗', 'São Paulo'],
  [129, 'America/Argentina/Buenos_Aires', -180, '布宜諾斯艾利斯', '布宜诺斯艾利斯', 'Buenos Aires'],
  [130, 'Atlantic/South_Georgia', -120, '南喬治亞', '南乔治亚', 'South Georgia'],
  [131, 'Atlantic/Azores', -60, '亞速群島', '亚速尔群岛', 'Azores'],
  [132, 'Atlantic/Cape_Verde', -60, '維德角', '佛得角', 'Cape Verde'],
  [133, 'Europe/London', 0, '倫敦', '伦敦', 'London'],
  [134, 'Europe/Paris', 60, '巴黎', '巴黎', 'Paris'],
  [135, 'Europe/Berlin', 60, '柏林', '柏林', 'Berlin'],
  [136, 'Africa/Lagos', 60, '拉哥斯', '拉各斯', 'Lagos'],
  [137, 'Europe/Athens', 120, '雅典', '雅典', 'Athens'],
  [138, 'Africa/Cairo', 120, '開羅', '开罗', 'Cairo'],
  [139, 'Africa/Johannesburg', 120, '約翰尼斯堡', '约翰内斯堡', 'Johannesburg'],
  [140, 'Asia/Jerusalem', 120, '耶路撒冷', '耶路撒冷', 'Jerusalem'],
  [141, 'Europe/Moscow', 180, '莫斯科', '莫斯科', 'Moscow'],
  [142, 'Europe/Istanbul', 180, '伊斯坦堡', '伊斯坦布尔', 'Istanbul'],
  [143, 'Asia/Riyadh', 180, '利雅德', '利雅得', 'Riyadh'],
  [144, 'Asia/Tehran', 210, '德黑蘭', '德黑兰', 'Tehran'],
  [145, 'Asia/Dubai', 240, '杜拜', '迪拜', 'Dubai'],
  [146, 'Asia/Kabul', 270, '喀布爾', '喀布尔', 'Kabul'],
  [147, 'Asia/Karachi', 300, '喀拉蚩', '卡拉奇', 'Karachi'],
  [148, 'Asia/Tashkent', 300, '塔什干', '塔什干', 'Tashkent'],
  [149, 'Asia/Kolkata', 330, '新德里', '新德里', 'New Delhi'],
  [150, 'Asia/Kathmandu', 345, '加德滿都', '加德满都', 'Kathmandu'],
  [151, 'Asia/Dhaka', 360, '達卡', '达卡', 'Dhaka'],
  [152, 'Asia/Yangon', 390, '仰光', '仰光', 'Yangon'],
  [153, 'Asia/Bangkok', 420, '曼谷', '曼谷', 'Bangkok'],
  [154, 'Asia/Jakarta', 420, '雅加達', '雅加达', 'Jakarta'],
  [155, 'Asia/Ho_Chi_Minh', 420, '胡志明市', '胡志明市', 'Ho Chi Minh City'],
  [156, 'Asia/Manila', 480, '馬尼拉', '马尼拉', 'Manila'],
  [157, 'Australia/Perth', 480, '伯斯', '珀斯', 'Perth'],
  [158, 'Australia/Eucla', 525, '尤克拉', '尤克拉', 'Eucla'],
  [159, 'Australia/Darwin', 570, '達爾文', '达尔文', 'Darwin'],
  [160, 'Australia/Adelaide', 570, '阿得雷德', '阿德莱德', 'Adelaide'],
  [161, 'Australia/Brisbane', 600, '布里斯本', '布里斯班', 'Brisbane'],
  [162, 'Australia/Sydney', 600, '雪梨', '悉尼', 'Sydney'],
  [163, 'Pacific/Guam', 600, '關島', '关岛', 'Guam'],
  [164, 'Australia/Lord_Howe', 630, '豪勳爵島', '豪勋爵岛', 'Lord Howe Island'],
  [165, 'Pacific/Noumea', 660, '努美阿', '努美阿', 'Nouméa'],
  [166, 'Pacific/Auckland', 720, '奧克蘭', '奥克兰', 'Auckland'],
  [167, 'Pacific/Fiji', 720, '斐濟', '斐济', 'Fiji'],
  [168, 'Pacific/Chatham', 765, '查坦群島', '查塔姆群岛', 'Chatham Islands'],
  [169, 'Pacific/Tongatapu', 780, '東加', '汤加', 'Tonga'],
  [170, 'Pacific/Apia', 780, '薩摩亞', '萨摩亚', 'Samoa'],
  [171, 'Pacific/Kiritimati', 840, '聖誕島（吉里巴斯）', '圣诞岛（基里巴斯）', 'Kiritimati'],
];

/** '(UTC+08:00)', '(UTC-03:30)', '(UTC+00:00)'. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `(UTC${sign}${hh}:${mm})`;
}

export const TIMEZONES: TimezoneInfo[] = ROWS.map(([id, zone, offset, zh_TW, zh_CN, en]) => {
  const prefix = formatUtcOffset(offset);
  return { id, zone, offset, names: { zh_TW: `${prefix} ${zh_TW}`, zh_CN: `${prefix} ${zh_CN}`, en: `${prefix} ${en}` } };
}).sort((a, b) => a.offset - b.offset || a.id - b.id);

/** The preview and form default (SPEC.md: timezone 103). */
export const DEFAULT_TIMEZONE_ID = 103;

const byId = new Map(TIMEZONES.map((t) => [t.id, t]));

export function timezoneById(id: number | null | undefined): TimezoneInfo | undefined {
  return id === null || id === undefined ? undefined : byId.get(Number(id));
}
