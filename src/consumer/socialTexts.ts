/** Text of the social sign-in on the consumer page (src/consumer/social.ts), per language. */
import type { Lang } from '../domain/lang';

const zh_TW = {
  continueWith: (name: string) => `以 ${name} 繼續`,
  linkTitle: '連結登入方式',
  linkBody: '連結後可直接以該平台帳號登入這個會員。',
  link: (name: string) => `連結 ${name}`,
  linkedBadge: '已連結',
  linkedOk: (name: string) => `已連結 ${name}。`,
  finishing: '正在完成登入…',
  errors: {
    8121: '這個會員已連結此平台的另一個帳號。',
    8122: '這個平台帳號已連結其他會員。',
    8140: '第三方驗證失敗，請再試一次。',
    8150: '這個會員已停用。',
  } as Record<number, string>,
};

type SocialTexts = typeof zh_TW;

const zh_CN: SocialTexts = {
  continueWith: (name) => `以 ${name} 继续`,
  linkTitle: '关联登录方式',
  linkBody: '关联后可直接以该平台账号登录这个会员。',
  link: (name) => `关联 ${name}`,
  linkedBadge: '已关联',
  linkedOk: (name) => `已关联 ${name}。`,
  finishing: '正在完成登录…',
  errors: {
    8121: '这个会员已关联此平台的另一个账号。',
    8122: '这个平台账号已关联其他会员。',
    8140: '第三方验证失败，请再试一次。',
    8150: '这个会员已停用。',
  },
};

const en: SocialTexts = {
  continueWith: (name) => `Continue with ${name}`,
  linkTitle: 'Sign-in methods',
  linkBody: 'Link a platform to sign in to this membership with it.',
  link: (name) => `Link ${name}`,
  linkedBadge: 'Linked',
  linkedOk: (name) => `${name} is linked.`,
  finishing: 'Finishing sign-in…',
  errors: {
    8121: 'This member already has another account of this platform linked.',
    8122: 'This platform account is linked to another member.',
    8140: 'The platform could not confirm the sign-in. Please try again.',
    8150: 'This membership is disabled.',
  },
};

export const SOCIAL_TEXTS: Record<Lang, SocialTexts> = { zh_TW, zh_CN, en };
export type { SocialTexts };
