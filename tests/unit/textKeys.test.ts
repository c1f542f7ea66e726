import { describe, expect, it } from 'vitest';
import { TextKeyType } from '../../src/domain/enums';
import { HELP_DOCUMENT_EXCLUDED_MENU_IDS, helpDocumentMenu, helpDocumentMenuIds, pickDocument } from '../../src/domain/helpDocuments';
import {
  checkTextKeyValue, documentKey, documentMenuId, fileExtension, isStoredFileUrl, OTHER_SETTING_KEYS, SINGLE_TEXT_MAX, TEXT_AREA_MAX,
} from '../../src/domain/textKeys';

const KEY = 'f'.repeat(32);

describe('checkTextKeyValue', () => {
  it('SingleText: one line, at most 200 characters', () => {
    expect(checkTextKeyValue(TextKeyType.SingleText, 'Hello')).toBeNull();
    expect(checkTextKeyValue(TextKeyType.SingleText, '')).toBeNull();
    expect(checkTextKeyValue(TextKeyType.SingleText, '字'.repeat(SINGLE_TEXT_MAX))).toBeNull();
    expect(checkTextKeyValue(TextKeyType.SingleText, 'x'.repeat(201))).toEqual({ key: 'max', params: { length: 200 } });
    expect(checkTextKeyValue(TextKeyType.SingleText, 'two\nlines')).toEqual({ key: 'regex' });
    expect(checkTextKeyValue(TextKeyType.SingleText, 'cr\r')).toEqual({ key: 'regex' });
  });

  it('TextArea: line breaks allowed, at most 2000 characters (counted as characters, not UTF-16 units)', () => {
    expect(checkTextKeyValue(TextKeyType.TextArea, 'one\ntwo')).toBeNull();
    expect(checkTextKeyValue(TextKeyType.TextArea, '😀'.repeat(TEXT_AREA_MAX))).toBeNull();
    expect(checkTextKeyValue(TextKeyType.TextArea, 'x'.repeat(2001))).toEqual({ key: 'max', params: { length: 2000 } });
  });

  it('Numeric: a number written as text', () => {
    for (const ok of ['0', '12', '-3', '3.25', '-0.5']) expect(checkTextKeyValue(TextKeyType.Numeric, ok), ok).toBeNull();
    for (const bad of ['', ' 1', '1e3', '1.', '.5', '1,000', 'abc', '--1']) expect(checkTextKeyValue(TextKeyType.Numeric, bad), bad).toEqual({ key: 'numeric' });
  });

  it('PdfUrl and ImageUrl: a stored file address with the right extension', () => {
    expect(checkTextKeyValue(TextKeyType.PdfUrl, `/files/${KEY}.pdf`)).toBeNull();
    expect(checkTextKeyValue(TextKeyType.PdfUrl, `/files/${KEY}.PDF`)).toBeNull();
    expect(checkTextKeyValue(TextKeyType.PdfUrl, `/files/${KEY}.png`)).toEqual({ key: 'ext' });
    expect(checkTextKeyValue(TextKeyType.PdfUrl, `/files/${KEY}`)).toEqual({ key: 'ext' });
    for (const ext of ['png', 'jpg', 'jpeg']) expect(checkTextKeyValue(TextKeyType.ImageUrl, `/files/${KEY}.${ext}`), ext).toBeNull();
    expect(checkTextKeyValue(TextKeyType.ImageUrl, `/files/${KEY}.pdf`)).toEqual({ key: 'ext' });
    expect(checkTextKeyValue(TextKeyType.ImageUrl, `/files/${KEY}.gif`)).toEqual({ key: 'ext' });
    for (const bad of ['https://cdn.example.com/a.png', 'files/a.png', '/files/', '/files/../secret.png', '/files/a.png?x=1', '/files/a b.png', '/other/a.png', 'javascript:alert(1)//.png']) {
      expect(checkTextKeyValue(TextKeyType.ImageUrl, bad), bad).toEqual({ key: 'invalid' });
    }
  });

  it('refuses what is not text, and unknown types', () => {
    expect(checkTextKeyValue(TextKeyType.SingleText, 12)).toEqual({ key: 'invalid' });
    expect(checkTextKeyValue(TextKeyType.Numeric, 12)).toEqual({ key: 'invalid' });
    expect(checkTextKeyValue(TextKeyType.PdfUrl, null)).toEqual({ key: 'invalid' });
    expect(checkTextKeyValue(9, 'x')).toEqual({ key: 'invalid' });
  });
});

describe('file addresses and keys', () => {
  it('tells stored file addresses and their extensions', () => {
    expect(isStoredFileUrl(`/files/${KEY}.png`)).toBe(true);
    expect(isStoredFileUrl('/files/sub/dir/a.pdf')).toBe(true);
    expect(isStoredFileUrl('/files/./a.pdf')).toBe(false);
    expect(isStoredFileUrl(`/files/${'a'.repeat(600)}.pdf`)).toBe(false);
    expect(isStoredFileUrl(undefined)).toBe(false);
    expect(fileExtension('/files/a.b.JPEG')).toBe('.jpeg');
    expect(fileExtension('/files/noext')).toBe('');
    expect(fileExtension('/files/.hidden')).toBe('');
  });

  it('names the settings and documents by key and type', () => {
    expect(OTHER_SETTING_KEYS.logo).toEqual({ key: 'other.logo', type: TextKeyType.ImageUrl, perLanguage: false });
    expect(OTHER_SETTING_KEYS.forgotPasswordHint.type).toBe(TextKeyType.TextArea);
    expect(documentKey(14)).toEqual({ key: 'document.14', type: TextKeyType.PdfUrl, perLanguage: true });
    expect(documentMenuId('document.14')).toBe(14);
    expect(documentMenuId('document.x')).toBeNull();
    expect(documentMenuId('other.logo')).toBeNull();
  });
});

describe('help documents', () => {
  it('offers every screen but the excluded ids (and the binding group with its screens)', () => {
    const ids = helpDocumentMenuIds();
    for (const id of HELP_DOCUMENT_EXCLUDED_MENU_IDS) expect(ids).not.toContain(id);
    for (const id of [20, 21, 22, 23, 24]) expect(ids).not.toContain(id);
    expect(ids).toEqual(expect.arrayContaining([9, 10, 11, 14, 15, 16, 17, 28, 31, 38, 49, 50, 51, 42]));
    expect(helpDocumentMenu().map((g) => g.id)).toEqual([1, 2, 4, 5, 6, 7, 48, 8]);
    // Groups are headings: never a document of their own.
    expect(ids).not.toContain(1);
  });

  it('picks the user language, else zh_TW, zh_CN, en', () => {
    const docs = { '14': { zh_CN: '/files/cn.pdf', en: '/files/en.pdf' } };
    expect(pickDocument(docs, 14, 'en')).toBe('/files/en.pdf');
    expect(pickDocument(docs, 14, 'zh_TW')).toBe('/files/cn.pdf');
    expect(pickDocument({ '14': { en: '/files/en.pdf' } }, 14, 'zh_CN')).toBe('/files/en.pdf');
    expect(pickDocument(docs, 9, 'en')).toBeNull();
    expect(pickDocument(undefined, 14, 'en')).toBeNull();
  });
});
