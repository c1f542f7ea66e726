/**
 * The barcode query pane (menu 28, kind "custom", pane barcodeQuery): a typed code asks GET
 * Logistics/code?code=, and the answer's product, binding, packages, scans and movements show;
 * an unknown code shows the server's message in the Fail modal.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { MENU_TREE } from '../../src/domain/menu';
import { CustomView } from '../../src/engine/crud/CustomScreen';
import '../../src/app/registerAll';
import { config, fakeFetch, signedIn, withProviders } from './harness';
import { BARCODE_ANSWER as ANSWER } from '../support/paneSamples';

const DECL = declaration('logistics.code');
const node = MENU_TREE.find((g) => g.id === 5)!.children!.find((c) => c.id === 28)!;


describe('kind "custom": the barcode query pane', () => {
  it('shows a code\'s product, binding, outer packages, scans and movements; an unknown code the server\'s message', async () => {
    const { calls } = fakeFetch((method, full) => {
      const [path, query] = full.split('?');
      if (path.startsWith('Config/')) return { status: 200, body: config() };
      if (method === 'GET' && path === 'Logistics/code') {
        return new URLSearchParams(query).get('code') === 'BOTTLE0001'
          ? { status: 200, body: ANSWER }
          : { status: 404, body: { code: 2, message: 'This barcode does not exist', data: { key: 'barcodeNotExist' } } };
      }
      return undefined;
    });
    signedIn(null);
    withProviders(<CustomView decl={DECL} node={node} />, 'en');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Barcode query');
    const input = await screen.findByRole('textbox', { name: 'Barcode' }, { timeout: 30_000 });
    fireEvent.change(input, { target: { value: 'BOTTLE0001' } });
    fireEvent.click(screen.getByTestId('barcode-search'));
    const result = await screen.findByTestId('barcode-result');
    expect(calls.some((c) => c.path.startsWith('Logistics/code'))).toBe(true);
    for (const text of ['Green tea', 'GT-1 Bottle label', 'Demo Co', 'Plant 1 / Line 1 / Day', 'Shipped Dealer store', 'BOX0001', 'CARTON01', 'Sales shipment']) {
      expect(result).toHaveTextContent(text);
    }
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByTestId('barcode-search'));
    await waitFor(() => expect(screen.getByTestId('app-modal-message')).toHaveTextContent('This barcode does not exist. (2)'));
    await waitFor(() => expect(screen.queryByTestId('barcode-result')).toBeNull());
  });

  it('a marketing code gets its short address (an existing one, 9920, is shown as well); its scans export as a job', async () => {
    const marketing = { ...ANSWER, package: { ...ANSWER.package, codeType: 2 } };
    const { calls } = fakeFetch((method, full) => {
      const [path] = full.split('?');
      if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
      if (method === 'GET' && path === 'Logistics/code') return { status: 200, body: marketing };
      if (method === 'GET' && path === 'Config/short-url') {
        return { status: 409, body: { code: 9920, message: 'exists', data: { code: 'BOTTLE0001', token: 'Ab3dEf7H', url: 'http://x.test/s/Ab3dEf7H' } } };
      }
      if (method === 'POST' && path === 'Logistics/code/file') return { status: 201, body: { id: 77, reportId: 5 } };
      return undefined;
    });
    signedIn(null);
    withProviders(<CustomView decl={DECL} node={node} />, 'en');
    const input = await screen.findByRole('textbox', { name: 'Barcode' }, { timeout: 30_000 });
    fireEvent.change(input, { target: { value: 'BOTTLE0001' } });
    fireEvent.click(screen.getByTestId('barcode-search'));
    fireEvent.click(await screen.findByTestId('short-url-create'));
    expect(await screen.findByTestId('short-url')).toHaveAttribute('href', 'http://x.test/s/Ab3dEf7H');
    expect(screen.queryByTestId('app-modal-message')).toBeNull();

    fireEvent.click(screen.getByTestId('barcode-export'));
    fireEvent.click(await screen.findByTestId('barcode-export-csv'));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('Logistics/code/file'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.startsWith('Logistics/code/file'))!.body!)).toEqual({ code: 'BOTTLE0001', format: 'csv', lang: 'en' });
  });
});
