/**
 * The prize list of the lottery wizard (step 2): the running total against 100% (shared rule),
 * a no-win prize taking the remainder and only one of it, amounts for winning prizes, a serial
 * CSV instead of an amount for imported serials (POST .../serial-number answers the amount),
 * WeChat pay fields, and the field errors it is given.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExchangeMethod, PayMethod } from '../../src/domain/enums';
import { PrizeList, type PrizeDraft } from '../../src/panes/lottery/PrizeList';
import { config, fakeFetch, withProviders } from './harness';

function Harness({ exchangeType = ExchangeMethod.OnlineWithoutSerial, payMethod = PayMethod.None, initial = [], errors = {}, onValue }: {
  exchangeType?: number; payMethod?: number; initial?: PrizeDraft[]; errors?: Record<string, string>; onValue?: (p: PrizeDraft[]) => void;
}) {
  const [prizes, setPrizes] = useState<PrizeDraft[]>(initial);
  return <PrizeList prizes={prizes} onChange={(p) => { setPrizes(p); onValue?.(p); }} exchangeType={exchangeType} payMethod={payMethod} errors={errors} />;
}

const winning = (name: string, probability: number): PrizeDraft => ({ name, picture: '/files/a.png', probability, type: 1, amount: 1 });

afterEach(() => vi.unstubAllGlobals());

describe('lottery prize list', () => {
  it('totals the probabilities and lets one no-win prize make up the rest', async () => {
    fakeFetch(() => undefined);
    const values: PrizeDraft[][] = [];
    withProviders(<Harness initial={[winning('Tea', 10.5), winning('Cup', 20)]} onValue={(p) => values.push(p)} />);
    expect(screen.getByTestId('prize-total')).toHaveTextContent('Total 30.5%');
    fireEvent.click(screen.getByTestId('prize-add-lose'));
    const lose = screen.getByTestId('prize-2');
    expect(within(lose).getByRole('spinbutton', { name: /Probability/ })).toHaveValue(69.5);
    expect(screen.getByTestId('prize-total')).toHaveTextContent('Total 100%');
    // Only one no-win prize; the no-win prize has no amount.
    expect(screen.getByTestId('prize-add-lose')).toBeDisabled();
    expect(lose.querySelector('input[name="prizeInfo.2.amount"]')).toBeNull();
    // Changing a winning probability: the no-win prize follows (it makes up the rest, not typed).
    fireEvent.change(screen.getByTestId('prize-0').querySelector('input[name="prizeInfo.0.probability"]')!, { target: { value: '20.5' } });
    expect(screen.getByTestId('prize-total')).toHaveTextContent('Total 100%');
    expect(values.at(-1)!.map((p) => p.probability)).toEqual([20.5, 20, 59.5]);
    expect(within(lose).getByRole('spinbutton', { name: /Probability/ })).toHaveAttribute('readonly');
    expect(lose).toHaveTextContent('Makes up the rest of 100%');
    // Removing the no-win prize makes it available again.
    fireEvent.click(screen.getByTestId('prize-remove-2'));
    expect(screen.getByTestId('prize-add-lose')).not.toBeDisabled();
  });

  it('asks an amount of winning prizes, or a serial CSV for imported serials', async () => {
    const { calls } = fakeFetch((method, path) => {
      if (method === 'GET' && path.startsWith('Config/')) return { status: 200, body: config() };
      if (method === 'POST' && path === 'marketing/lottery-activity/serial-number') return { status: 201, body: { id: 7, amount: 3, name: 's.csv' } };
      return undefined;
    });
    const values: PrizeDraft[][] = [];
    const { unmount } = withProviders(<Harness initial={[winning('Tea', 100)]} />);
    expect(screen.getByTestId('prize-0').querySelector('input[name="prizeInfo.0.amount"]')).not.toBeNull();
    unmount();
    withProviders(<Harness exchangeType={ExchangeMethod.ImportedSerial} initial={[winning('Voucher', 100)]} onValue={(p) => values.push(p)} />);
    const row = screen.getByTestId('prize-0');
    expect(row.querySelector('input[name="prizeInfo.0.amount"]')).toBeNull();
    const file = new File(['AA11\nBB22\nCC33'], 's.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('prize-serials-0'), { target: { files: [file] } });
    await waitFor(() => expect(within(row).getByText('3 serials imported')).toBeInTheDocument());
    expect(values.at(-1)![0]).toMatchObject({ serialImportId: 7, amount: 3 });
    expect(calls.filter((c) => c.path === 'marketing/lottery-activity/serial-number')).toHaveLength(1);
  });

  it('shows the WeChat pay fields of winning prizes and the errors it is given', () => {
    fakeFetch(() => undefined);
    withProviders(<Harness payMethod={PayMethod.WechatPay} initial={[winning('Tea', 60), { name: 'Thanks', picture: null, probability: 30, type: 0 }]}
      errors={{ prizeInfo: 'The probabilities must total 100%.', 'prizeInfo.1.picture': 'This field is required.' }} />);
    expect(screen.getByTestId('prize-list-error')).toHaveTextContent('100%');
    expect(screen.getByTestId('prize-0').querySelector('input[name="prizeInfo.0.paymentInfo.mchId"]')).not.toBeNull();
    expect(screen.getByTestId('prize-1').querySelector('input[name="prizeInfo.1.paymentInfo.mchId"]')).toBeNull();
    expect(within(screen.getByTestId('prize-1')).getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByTestId('prize-total')).toHaveTextContent('Total 90%');
  });

  it('takes an expiry date with the forms\' picker (YYYY/MM/DD), not the browser\'s date box', async () => {
    fakeFetch((method, path) => (method === 'GET' && path.startsWith('Config/') ? { status: 200, body: config() } : undefined));
    withProviders(<Harness initial={[{ ...winning('Tea', 100), expireType: 1, expireDate: '2026-12-31' }]} />);
    const row = screen.getByTestId('prize-0');
    const input = await waitFor(() => {
      const el = row.querySelector<HTMLInputElement>('input[name="prizeInfo.0.expireDate"]');
      expect(el).not.toBeNull();
      return el!;
    }, { timeout: 30_000 });
    expect(input.value).toBe('2026/12/31');
    expect(row.querySelector('input[type="date"]')).toBeNull();
  });
});
