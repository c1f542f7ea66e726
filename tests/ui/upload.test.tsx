/**
 * The `upload` widget in an RJSF form: checks in the browser with the shared rule (the
 * upload-failed dialog, no call), uploads through the api client with FormData, shows what
 * was stored, and tells upload codes of the server in the same dialog.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadWidget } from '../../src/widgets/UploadWidget';
import { uploadQuery, uploadRule } from '../../src/widgets/upload/rule';
import { config, fakeFetch, signedIn, withProviders, type Reply } from './harness';

const MB = 1024 * 1024;

function UploadForm({ schema, uiSchema, initial, onValue }: { schema: RJSFSchema; uiSchema: UiSchema; initial?: unknown; onValue?: (v: unknown) => void }) {
  const [data, setData] = useState<unknown>(initial ?? {});
  return (
    <Form
      tagName="div"
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      widgets={{ upload: UploadWidget }}
      nameGenerator={(path) => path.map(String).join('.')}
      noValidate
      showErrorList={false}
      onChange={(e) => {
        setData(e.formData);
        onValue?.(e.formData);
      }}
    >
      {/* biome-ignore lint/complexity/noUselessFragments: an empty child hides RJSF's own submit button */}
      <></>
    </Form>
  );
}

const logoSchema: RJSFSchema = { type: 'object', properties: { tenant: { type: 'object', properties: { logo: { type: 'string' } } } } };
const logoUi: UiSchema = { tenant: { logo: { 'ui:widget': 'upload', 'ui:options': { kind: 'image', maxMB: 2, width: 162, height: 38 } } } };

const docsSchema: RJSFSchema = { type: 'object', properties: { documents: { type: 'array', items: { type: 'string' } } } };
const docsUi: UiSchema = { documents: { 'ui:widget': 'upload', 'ui:options': { kind: 'file', maxMB: 5, maxCount: 3 } } };

/** Answers the session's config and the upload; records every call. */
function server(upload: (init: RequestInit, path: string) => Reply) {
  return fakeFetch((method, path, init) => {
    if (method === 'GET' && path.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'POST' && path.startsWith('Files')) return upload(init, path);
    return undefined;
  });
}

const uploads = <C extends { method: string; path: string }>(calls: C[]) => calls.filter((c) => c.method === 'POST' && c.path.startsWith('Files'));

function png(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** Image pixels as createImageBitmap would read them (jsdom cannot decode images). */
function pixels(width: number, height: number) {
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close: () => {} })));
}

async function pick(input: HTMLElement, files: File[]) {
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

function render(schema: RJSFSchema, uiSchema: UiSchema, opts: { initial?: unknown; lang?: string } = {}) {
  signedIn(null);
  const values: unknown[] = [];
  withProviders(<UploadForm schema={schema} uiSchema={uiSchema} initial={opts.initial} onValue={(v) => values.push(v)} />, opts.lang ?? 'en');
  return values;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('upload widget: checks in the browser', () => {
  it('refuses a too large file with the upload-failed dialog (name, size, limit) and makes no call', async () => {
    const { calls } = server(() => ({ status: 201, body: [] }));
    render(logoSchema, logoUi);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    // The DESIGN.md test hook: the file input is named by the field path.
    expect(input).toHaveAttribute('name', 'tenant.logo');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png');

    await pick(input, [png('big-logo.png', 3 * MB)]);

    const dialog = await screen.findByTestId('alert-modal');
    expect(dialog).toHaveTextContent('Image upload failed');
    expect(within(dialog).getByTestId('app-modal-message')).toHaveTextContent('big-logo.png (3 MB) exceeds the limit of 2 MB.');
    expect(uploads(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('alert-modal')).toBeNull());
  });

  it('refuses wrong pixel dimensions and a wrong type, in the chosen language', async () => {
    const { calls } = server(() => ({ status: 201, body: [] }));
    pixels(160, 38);
    render(logoSchema, logoUi, { lang: 'zh_TW' });
    const input = document.querySelector('input[name="tenant.logo"]') as HTMLInputElement;

    await pick(input, [png('logo.png', 1000)]);
    const dialog = await screen.findByTestId('alert-modal');
    expect(dialog).toHaveTextContent('圖片上傳失敗');
    expect(within(dialog).getByTestId('app-modal-message')).toHaveTextContent('logo.png（160x38）圖片尺寸不符合要求的 162x38。');
    fireEvent.click(within(dialog).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('alert-modal')).toBeNull());

    await pick(input, [new File(['x'], 'logo.gif', { type: 'image/gif' })]);
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('logo.gif：只能上傳 JPG, JPEG, PNG 格式的檔案。');
    expect(uploads(calls)).toHaveLength(0);
  });

  it('shows the limits under the picker', () => {
    server(() => ({ status: 201, body: [] }));
    render(logoSchema, logoUi);
    expect(screen.getByTestId('upload-hint')).toHaveTextContent('Formats: JPG, JPEG, PNG · up to 2 MB · exactly 162x38 px');
  });
});

describe('upload widget: uploading', () => {
  it('sends a valid image with FormData through the api client and shows its thumbnail', async () => {
    pixels(162, 38);
    let sent: FormData | null = null;
    const { calls } = server((init) => {
      sent = init.body as FormData;
      return { status: 201, body: [{ url: '/files/0123456789abcdef0123456789abcdef.png', name: 'logo.png', size: 1000, type: 'image/png', width: 162, height: 38 }] };
    });
    const values = render(logoSchema, logoUi);
    const file = png('logo.png', 1000);
    await pick(screen.getByTestId('upload-input-tenant.logo'), [file]);

    const img = await screen.findByRole('img', { name: 'logo.png' });
    expect(img).toHaveAttribute('src', '/files/0123456789abcdef0123456789abcdef.png');
    const [call] = uploads(calls);
    expect(call.path).toBe('Files?kind=image&ext=.jpg%2C.jpeg%2C.png&maxMB=2&width=162&height=38&maxCount=1');
    expect(call.headers.Authorization).toBe('Bearer tok-123');
    // The browser sets the multipart boundary: the client must not set a Content-Type.
    expect(call.headers['Content-Type']).toBeUndefined();
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as unknown as FormData).getAll('Files')).toEqual([file]);
    expect(values.at(-1)).toEqual({ tenant: { logo: '/files/0123456789abcdef0123456789abcdef.png' } });
    expect(screen.queryByTestId('alert-modal')).toBeNull();

    // Remove empties the value.
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo.png' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect((values.at(-1) as { tenant: { logo?: string } }).tenant.logo).toBeUndefined();
  });

  it('adds several files to an array value, shown as links, and keeps within maxCount', async () => {
    let n = 0;
    const { calls } = server((init) => {
      const files = (init.body as FormData).getAll('Files') as File[];
      return { status: 201, body: files.map((f) => ({ url: `/files/${String(++n).padStart(32, 'a')}.pdf`, name: f.name, size: f.size, type: 'application/pdf' })) };
    });
    const values = render(docsSchema, docsUi, { initial: { documents: [`/files/${'b'.repeat(32)}.pdf`] } });
    const input = document.querySelector('input[name="documents"]') as HTMLInputElement;
    expect(input).toHaveAttribute('multiple');
    expect(screen.getByTestId('upload-hint')).toHaveTextContent('Formats: PDF · up to 5 MB · at most 3 files');

    const a = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['%PDF-1.4'], '報告 b.pdf', { type: 'application/pdf' });
    await pick(input, [a, b]);
    expect(await screen.findByRole('link', { name: '報告 b.pdf' })).toHaveAttribute('href', `/files/${'2'.padStart(32, 'a')}.pdf`);
    expect(screen.getByRole('link', { name: 'a.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${'b'.repeat(32)}.pdf` })).toBeInTheDocument();
    expect(uploads(calls)[0].path).toContain('maxCount=2');
    expect(values.at(-1)).toEqual({ documents: [`/files/${'b'.repeat(32)}.pdf`, `/files/${'1'.padStart(32, 'a')}.pdf`, `/files/${'2'.padStart(32, 'a')}.pdf`] });

    // Full: the picker is disabled; a drop of one more file says so.
    expect(screen.getByTestId('upload-drop')).toHaveAttribute('aria-disabled', 'true');
    expect(input).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    await act(async () => {
      fireEvent.drop(screen.getByTestId('upload-drop'), { dataTransfer: { files: [a, b], types: ['Files'] } });
    });
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('At most 3 files can be uploaded.');
    expect(uploads(calls)).toHaveLength(1);
  });

  it('opens the picker with the keyboard', () => {
    server(() => ({ status: 201, body: [] }));
    render(logoSchema, logoUi);
    const input = screen.getByTestId('upload-input-tenant.logo') as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    const zone = screen.getByRole('button', { name: /Choose an image/ });
    expect(zone).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('shows upload codes of the server in the upload-failed dialog, other failures in the Fail modal', async () => {
    pixels(162, 38);
    let reply: Reply = {
      status: 400,
      body: { code: 101, message: 'The image resolution is wrong.', data: { name: 'logo.png', width: 100, height: 38, requiredWidth: 162, requiredHeight: 38 } },
    };
    server(() => reply);
    const values = render(logoSchema, logoUi);
    const input = screen.getByTestId('upload-input-tenant.logo');

    await pick(input, [png('logo.png', 1000)]);
    let dialog = await screen.findByTestId('alert-modal');
    expect(dialog).toHaveTextContent('Image upload failed');
    expect(within(dialog).getByTestId('app-modal-message')).toHaveTextContent('logo.png (100x38): the image size does not match the required 162x38.');
    fireEvent.click(within(dialog).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('alert-modal')).toBeNull());

    reply = { status: 400, body: { code: 201, message: 'The file format is wrong.', data: { name: 'logo.png', ext: ['.png'] } } };
    await pick(input, [png('logo.png', 1000)]);
    dialog = await screen.findByTestId('alert-modal');
    expect(within(dialog).getByTestId('app-modal-message')).toHaveTextContent('logo.png: only PNG files can be uploaded.');
    fireEvent.click(within(dialog).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('alert-modal')).toBeNull());

    reply = { status: 500, body: { code: 9999, message: 'System error' } };
    await pick(input, [png('logo.png', 1000)]);
    const fail = await screen.findByTestId('fail-modal');
    expect(fail).toHaveTextContent('(9999)');
    expect(values.every((v) => !(v as { tenant?: { logo?: string } }).tenant?.logo)).toBe(true);
  });
});

describe('upload rule of the widget', () => {
  it('takes the schema x-file rule, ui:options over it, and the SPEC defaults', () => {
    expect(uploadRule({ type: 'string' }, { kind: 'image' })).toEqual({ kind: 'image', ext: ['.jpg', '.jpeg', '.png'], multiple: false, maxMB: 2, maxCount: 1 });
    expect(uploadRule({ type: 'array' }, { kind: 'image' })).toMatchObject({ multiple: true, maxCount: 10 });
    expect(uploadRule({ type: 'string' }, {})).toEqual({ kind: 'file', ext: ['.pdf'], multiple: false, maxCount: 1 });
    const rule = uploadRule({ type: 'string', 'x-file': { kind: 'image', width: 1280, height: 768, maxMB: 1 } }, { maxMB: '3', ext: 'png' });
    expect(rule).toEqual({ kind: 'image', ext: ['.png'], multiple: false, maxMB: 3, width: 1280, height: 768, maxCount: 1 });
    expect(uploadQuery(rule, 1)).toEqual({ kind: 'image', ext: '.png', maxMB: 3, width: 1280, height: 768, maxCount: 1 });
  });
});
