/** The keyword settings rule (src/domain/codeKeywords.ts) the code package form and server share. */
import { describe, expect, it } from 'vitest';
import { keywordFault, keywordSettingsOf } from '../../src/domain/codeKeywords';
import { ErrorCode } from '../../src/domain/errors';
import { createValidator, validateBody } from '../../src/domain/validation/index';
import { declaration } from '../../src/domain/declarations';

describe('keyword settings', () => {
  it('answers 4104, 4102, 4105, 4103, 4101 in that order, null when they hold or are absent', () => {
    expect(keywordFault({ quantity: 6 })).toBeNull();
    expect(keywordFault({ keywords: [' ', ''], keywordInterval: '', quantity: 6 })).toBeNull();
    expect(keywordFault({ keywords: [], keywordInterval: 3, quantity: 6 })).toBe(ErrorCode.KeywordsMissing);
    expect(keywordFault({ keywords: ['A'], quantity: 6 })).toBe(ErrorCode.KeywordIntervalMissing);
    expect(keywordFault({ keywords: Array.from({ length: 101 }, (_, i) => `K${i}`), keywordInterval: 1, quantity: 101 })).toBe(ErrorCode.KeywordsOverLimit);
    expect(keywordFault({ keywords: ['A'], keywordInterval: 0, quantity: 6 })).toBe(ErrorCode.KeywordIntervalInvalid);
    expect(keywordFault({ keywords: ['A'], keywordInterval: 7, quantity: 6 })).toBe(ErrorCode.KeywordIntervalInvalid);
    expect(keywordFault({ keywords: ['A', 'B'], keywordInterval: 2, quantity: 6 })).toBe(ErrorCode.KeywordCountMismatch);
    expect(keywordFault({ keywords: ['A', 'B'], keywordInterval: 3, quantity: 6 })).toBeNull();
    // No quantity yet: only what does not need it.
    expect(keywordFault({ keywords: ['A', 'B'], keywordInterval: 2 })).toBeNull();
    expect(keywordSettingsOf({ keywords: [' A ', 'B', ''], keywordInterval: 3 })).toEqual({ keywords: ['A', 'B'], interval: 3 });
  });

  it('the declaration shows it on the field in the form; a request body leaves it to the route (its own code)', () => {
    const form = declaration('code.package').form!;
    const data = { clientId: 1, packagingMaterialId: 2, type: 1, quantity: 6, keywords: ['A', 'B'], keywordInterval: 2 };
    expect(createValidator(form)(data)).toEqual({ keywordInterval: { key: 'keywordCountMismatch', params: { quantity: 6 } } });
    expect(validateBody(form, data).ok).toBe(true);
  });
});
