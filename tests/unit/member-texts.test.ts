/** The consumer page's member texts: every answer of joining and signing in has its own message in each language. */
import { describe, expect, it } from 'vitest';
import { MEMBER_TEXTS } from '../../src/consumer/memberTexts';
import { ErrorCode } from '../../src/domain/errors';

const SIGN_IN_ANSWERS = [
  ErrorCode.VerificationFailed, ErrorCode.PhoneRegistered, ErrorCode.SendLimitReached, ErrorCode.PreviousSendNotExpired,
  ErrorCode.MemberNotFound, ErrorCode.WrongMemberPassword, ErrorCode.MemberLocked,
];

describe('member texts of the consumer page', () => {
  it.each(Object.keys(MEMBER_TEXTS))('%s: a distinct message for each sign-in answer, the lock included', (lang) => {
    const m = MEMBER_TEXTS[lang as keyof typeof MEMBER_TEXTS];
    const texts = SIGN_IN_ANSWERS.map((c) => m.errors[c]);
    for (const t of texts) expect(t && t.length > 0 && t !== m.failed).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
