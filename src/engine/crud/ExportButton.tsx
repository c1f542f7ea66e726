/**
 * The toolbar's `export` (a declaration's `api.export`): a button opening a menu of file
 * formats; the choice POSTs the list's applied filters with the format and the interface
 * language, and the answered job is followed by the jobs host (noticeExport, progress, the
 * file downloaded by itself). A failed call already showed the Fail modal.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import { useTranslation } from 'react-i18next';
import { LIST_EXPORT_FORMATS, type ListExportFormat } from '../../domain/jobs';
import { isApiError } from '../api/ApiError';
import { useLang } from '../i18n/useLang';
import { runExport } from '../jobs/runExport';
import { filterQuery, type Filters } from './useCrudList';

export interface ExportButtonProps {
  /** 'POST Product/packaging/file'. */
  api: string;
  /** The list's applied filters: the export holds what the list shows. */
  filters: Filters;
  /** JobCategory of the export, for the progress card before its first poll. */
  category?: number;
  /** What the list holds (its title): with the format, the progress card's name until the file has one. */
  label?: string;
  disabled?: boolean;
  /** The button's test hook (default crud-export); its menu items add -csv, -xlsx, -txt. */
  testId?: string;
  /** The button's text (default: Export). */
  text?: string;
}

/** The body of a list export: the applied filters (as the list sends them), format and lang. */
export function listExportBody(filters: Filters, format: ListExportFormat, lang: string): Record<string, unknown> {
  return { ...filterQuery(filters), format, lang };
}

export function ExportButton({ api, filters, category, label, disabled, testId = 'crud-export', text }: ExportButtonProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (format: ListExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await runExport(api, listExportBody(filters, format, lang), { category, ...(label ? { label: `${label}.${format}` } : {}) });
    } catch (e) {
      if (!isApiError(e)) throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        endIcon={<KeyboardArrowDownRounded />}
        disabled={busy || disabled}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={testId}
      >
        {text ?? t('screens.crud.export')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {LIST_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void start(format)} data-testid={`${testId}-${format}`}>
            <ListItemIcon>{format === 'xlsx' ? <GridOnOutlined fontSize="small" /> : <DescriptionOutlined fontSize="small" />}</ListItemIcon>
            <ListItemText primary={t(`screens.crud.exportAs.${format}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
