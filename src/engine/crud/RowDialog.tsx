/**
 * The dialog of a row action that names a registered dialog part (`"dialog": "lotteryReport"`,
 * registry kind `dialog`): the part gets the declaration, the row and onClose, asks what the
 * action's call needs and makes it. A lazy chunk of its own.
 */
import { Suspense, type ComponentType } from 'react';
import Backdrop from '@mui/material/Backdrop';
import { Spinner } from '../feedback/Spinner';
import type { ScreenDeclaration } from '../../domain/declarations';
import { lazyChunk, type LazyChunk } from '../lazy/lazyChunk';
import { partLoader } from '../registry/registry';
import type { Row } from './useCrudList';

export interface RowDialogProps {
  decl: ScreenDeclaration;
  row: Row;
  onClose: () => void;
}

const components = new Map<string, LazyChunk<RowDialogProps>>();

function dialogPart(name: string): LazyChunk<RowDialogProps> | undefined {
  const load = partLoader<{ default: ComponentType<RowDialogProps> }>('dialog', name);
  if (!load) return undefined;
  let c = components.get(name);
  if (!c) {
    c = lazyChunk(load, { variant: 'dialog' });
    components.set(name, c);
  }
  return c;
}

export function RowDialog({ name, ...props }: RowDialogProps & { name: string }) {
  const Part = dialogPart(name);
  if (!Part) return null;
  return (
    <Suspense fallback={<Backdrop open invisible sx={(theme) => ({ zIndex: theme.zIndex.modal })}><Spinner size={36} /></Backdrop>}>
      <Part {...props} />
    </Suspense>
  );
}
