/**
 * Issue 23: the contact-info form (src/schemas/marketing/contact-info.json, the validator the
 * browser runs) refuses a platform address that is not http(s) or the platform's own scheme,
 * with the same rule as the server (src/domain/marketing/links.ts).
 */
import { expect, it } from 'vitest';
import { declaration, resolveForm } from '../../src/domain/declarations';
import { MarketingPlatform } from '../../src/domain/enums';
import { createValidator } from '../../src/domain/validation/index';

const validate = createValidator(resolveForm(declaration('marketing.contact-info').form!));
const form = (platforms: { type: number; url: string }[]) => ({ company: { name: 'Acme' }, platforms });

it('the contact-info form marks javascript:, data: and another platform\'s scheme on the url field', () => {
  const errors = validate(form([
    { type: MarketingPlatform.Facebook, url: 'javascript:alert(1)' },
    { type: MarketingPlatform.Custom, url: 'data:text/html,x' },
    { type: MarketingPlatform.Instagram, url: 'line://ti/p/@acme' },
  ]));
  expect(errors).toEqual({ 'platforms.0.url': { key: 'url' }, 'platforms.1.url': { key: 'url' }, 'platforms.2.url': { key: 'url' } });
  expect(validate(form([
    { type: MarketingPlatform.Line, url: 'line://ti/p/@acme' },
    { type: MarketingPlatform.Wechat, url: 'weixin://dl/chat' },
    { type: MarketingPlatform.Email, url: 'service@example.com' },
    { type: MarketingPlatform.Custom, url: 'https://example.com' },
  ]))).toEqual({});
});
