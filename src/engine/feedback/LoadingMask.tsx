/**
 * The loading mask: a backdrop and spinner while masked calls are in flight. It leaves the page
 * once faded out (`unmountOnExit`): a hidden spinner kept mounted still ran its animation every
 * frame, a third of a core on a list at rest.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import Backdrop from '@mui/material/Backdrop';
import { Spinner } from './Spinner';
import { loadingStore } from '../api/loading';

/** Calls quicker than this never flash the mask. */
const SHOW_DELAY_MS = 150;

export function LoadingMask() {
  const pending = useSyncExternalStore(loadingStore.subscribe, loadingStore.snapshot, loadingStore.snapshot);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Backdrop
      open={visible && pending > 0}
      unmountOnExit
      data-testid="loading-mask"
      sx={(theme) => ({ zIndex: theme.zIndex.modal + 10, color: '#fff', backgroundColor: 'rgba(20, 24, 34, 0.28)' })}
    >
      <Spinner color="inherit" size={44} thickness={4} />
    </Backdrop>
  );
}
