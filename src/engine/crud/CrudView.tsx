/**
 * The screen of one `kind: "crud"` declaration: title, toolbar, filter bar, the rows, the page
 * footer of SPEC.md and the dialogs of the controller (form, a row action's input, a result
 * shown once). Plain views over useCrudController; nothing here knows a particular screen.
 */
import { Suspense, useEffect } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Spinner } from '../feedback/Spinner';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRounded from '@mui/icons-material/AddRounded';
import { useTranslation } from 'react-i18next';
import type { ScreenDeclaration } from '../../domain/declarations';
import { lazyChunk } from '../lazy/lazyChunk';
import { CrudCards } from './CrudCards';
import { CrudPagination } from './CrudPagination';
import { CrudTable } from './CrudTable';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';
import { FilterBar } from './FilterBar';
import { ResultDialog } from './ResultDialog';
import { RowDialog } from './RowDialog';
import { useCrudController, type CrudController, type CrudControllerOptions } from './useCrudController';
import { withFormWidgets } from '../registry/widgets';
import { contentShown } from '../lazy/afterContent';

// The form (RJSF, the validator, pickers) is its own chunk, loaded when a dialog first opens.
const loadForm = withFormWidgets(() => import('./CrudForm'));
const CrudForm = lazyChunk(() => loadForm().then((m) => ({ default: m.CrudForm })), { variant: 'dialog' });
const ActionInputDialog = lazyChunk(withFormWidgets(() => import('./ActionInputDialog').then((m) => ({ default: m.ActionInputDialog }))), { variant: 'dialog' });

function FormLoading() {
  return (
    <Backdrop open invisible sx={(theme) => ({ zIndex: theme.zIndex.modal })}>
      <Spinner size={36} />
    </Backdrop>
  );
}

export interface CrudViewProps {
  decl: ScreenDeclaration;
  /** The page title key; default the declaration's title. */
  title?: string;
  /** Shown between the title and the list (tabs of screens sharing a path). */
  tabs?: React.ReactNode;
  /** Opens view, add and edit elsewhere than in the dialog (CrudPageScreen: `formPage`). */
  openForm?: CrudControllerOptions['openForm'];
}

function CrudHeader({ ctl, title }: { ctl: CrudController; title: string }) {
  const { t } = useTranslation();
  const { decl, list } = ctl;
  const toolbar = decl.grid?.toolbar ?? [];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
      <Typography variant="h5" component="h1" data-testid="page-title" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
        {t(title)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {toolbar.includes('export') && decl.api.export && <ExportButton api={decl.api.export} filters={list.filters} label={t(decl.grid?.exportLabel ?? decl.title)} text={decl.grid?.exportLabel ? t(decl.grid.exportLabel) : undefined} />}
        {toolbar.includes('import') && decl.api.import && <ImportButton api={decl.api.import} onImported={ctl.imported} />}
        {toolbar.includes('add') && decl.api.create && (decl.form || decl.wizard) && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => ctl.open('add')} data-testid={decl.testId ? `${decl.testId}-add` : 'crud-add'}>
            {t('screens.crud.add')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** The dialogs the controller opens. */
function CrudDialogs({ ctl }: { ctl: CrudController }) {
  const { decl, dialog, input, result } = ctl;
  return (
    <>
      {dialog && decl.form && (
        <Suspense fallback={<FormLoading />}>
          <CrudForm
            key={`${dialog.mode}-${dialog.seq}`}
            decl={decl}
            mode={dialog.mode}
            row={dialog.row}
            onClose={ctl.closeDialog}
            onModeChange={(mode) => ctl.open(mode, dialog.row)}
            onSaved={ctl.saved}
          />
        </Suspense>
      )}
      {input && (
        <Suspense fallback={<FormLoading />}>
          <ActionInputDialog action={input.action} row={input.row} onClose={ctl.closeInput} onDone={ctl.inputDone} />
        </Suspense>
      )}
      {result && <ResultDialog info={result} onClose={ctl.closeResult} />}
      {ctl.partDialog && <RowDialog name={ctl.partDialog.action.dialog!} decl={decl} row={ctl.partDialog.row} onClose={ctl.closePartDialog} />}
    </>
  );
}

export function CrudView({ decl, title, tabs, openForm }: CrudViewProps) {
  const ctl = useCrudController(decl, { openForm });
  const { list } = ctl;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  // Fetch the form chunk once the rows show (not competing with the list's first paint), so
  // the first dialog opens at once.
  const listShown = !list.loading;
  useEffect(() => {
    if (listShown) contentShown();
  }, [listShown]);
  useEffect(() => {
    if (!decl.form || !listShown) return;
    const timer = setTimeout(() => void loadForm().catch(() => {}), 300);
    return () => clearTimeout(timer);
  }, [decl.form, listShown]);

  return (
    <Box data-testid={`crud-${decl.id}`} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <CrudHeader ctl={ctl} title={title ?? decl.title} />
      {tabs}
      <Paper sx={{ border: '1px solid', borderColor: 'divider', boxShadow: '0 1px 2px rgba(16,24,40,0.04)', overflow: 'hidden', minWidth: 0 }}>
        {decl.filters && (
          <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
            <FilterBar schema={decl.filters.schema} applied={list.filters} onApply={list.applyFilters} />
          </Box>
        )}
        {phone ? <CrudCards ctl={ctl} /> : <CrudTable ctl={ctl} />}
        <Box sx={{ borderTop: '1px solid', borderColor: 'divider' }}>
          <CrudPagination page={list.page} pageCount={list.pageCount} total={list.loaded ? list.total : undefined} onChange={list.setPage} />
        </Box>
      </Paper>
      <CrudDialogs ctl={ctl} />
    </Box>
  );
}
