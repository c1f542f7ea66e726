import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppModal } from '../../src/engine/shell/AppModal';
import { withProviders } from './harness';

function Harness({ hideCancel = false, size }: { hideCancel?: boolean; size?: 'md' | 'lg' }) {
  const [open, setOpen] = useState(true);
  const [log, setLog] = useState<string[]>([]);
  return (
    <>
      <AppModal
        open={open}
        title="Title"
        message="Message text"
        hideCancel={hideCancel}
        size={size}
        onConfirm={() => {
          setLog((l) => [...l, 'confirm']);
          setOpen(false);
        }}
        onCancel={() => {
          setLog((l) => [...l, 'cancel']);
          setOpen(false);
        }}
      />
      <output data-testid="log">{log.join(',')}</output>
    </>
  );
}

describe('shared modal', () => {
  it('shows header, message, confirm and cancel', () => {
    withProviders(<Harness />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Title');
    expect(screen.getByTestId('app-modal-message')).toHaveTextContent('Message text');
    expect(screen.getByTestId('modal-confirm')).toHaveTextContent('Confirm');
    expect(screen.getByTestId('modal-cancel')).toHaveTextContent('Cancel');
  });

  it('is not closed by Escape or a backdrop click, only by its buttons', () => {
    withProviders(<Harness />);
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('log')).toHaveTextContent('');

    fireEvent.click(screen.getByTestId('modal-cancel'));
    expect(screen.getByTestId('log')).toHaveTextContent('cancel');
  });

  it('can hide the cancel button', () => {
    withProviders(<Harness hideCancel />);
    expect(screen.queryByTestId('modal-cancel')).toBeNull();
    fireEvent.click(screen.getByTestId('modal-confirm'));
    expect(screen.getByTestId('log')).toHaveTextContent('confirm');
  });

  it('has the sizes md and lg', () => {
    const first = withProviders(<Harness size="md" />);
    const md = screen.getByRole('dialog');
    expect(getComputedStyle(md).width).toBe('440px');
    first.unmount();
    withProviders(<Harness size="lg" />);
    expect(getComputedStyle(screen.getByRole('dialog')).width).toBe('680px');
    void vi;
  });
});
