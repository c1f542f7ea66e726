/** What a list cell shows for a declared column (text, chips, progress) and the empty list. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from 'react-i18next';
import type { ColumnDeclaration } from '../../domain/declarations';
import { useLang } from '../i18n/useLang';
import { assetUrl } from '../session/assets';
import { useSessionConfig } from '../session/config';
import { CHIPS_SHOWN } from './columnWidths';
import { enumValuesOf, formatCell } from '../../domain/format';
import type { Row } from './useCrudList';

export function NoRows({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="crud-no-rows" sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary', py: 4 }}>
      <Inventory2Outlined sx={{ fontSize: 40, color: 'text.disabled' }} />
      <Typography variant="body2">{t(filtered ? 'screens.crud.noResults' : 'screens.crud.noRows')}</Typography>
    </Box>
  );
}


const chipSx = { height: 24, fontWeight: 500, bgcolor: 'grey.100', border: '1px solid', borderColor: 'divider', maxWidth: 180 } as const;

function Chips({ labels, values }: { labels: string[]; values: unknown[] }) {
  const { t } = useTranslation();
  const shown = labels.length > CHIPS_SHOWN + 1 ? CHIPS_SHOWN : labels.length;
  const rest = labels.length - shown;
  return (
    <Box className="crud-chips" sx={{ display: 'flex', gap: 0.5, minWidth: 0, flexWrap: 'nowrap' }}>
      {labels.slice(0, shown).map((label, i) => (
        <Chip key={String(values[i])} size="small" label={label} title={label} data-value={String(values[i])} sx={chipSx} />
      ))}
      {rest > 0 && (
        <Tooltip title={labels.join(t('screens.crud.listSeparator'))}>
          <Chip size="small" label={`+${rest}`} data-testid="chips-more" aria-label={t('screens.crud.moreChips', { count: rest, names: labels.slice(shown).join(t('screens.crud.listSeparator')) })} sx={{ ...chipSx, bgcolor: 'background.paper' }} />
        </Tooltip>
      )}
    </Box>
  );
}


/** A stored image address as a thumbnail (column format `image`). */
function Thumbnail({ url }: { url: string }) {
  const { data: config } = useSessionConfig();
  return (
    <Box component="img" src={assetUrl(config, url) ?? url} alt="" loading="lazy" data-testid="cell-image" sx={{ width: 56, height: 36, objectFit: 'cover', borderRadius: 1, border: '1px solid', borderColor: 'divider', display: 'block', bgcolor: 'grey.50' }} />
  );
}

/** A cell's content; `testId`: its test hook (a declaration's testId prefix and the column key). */
export function Cell({ column, value, row, testId }: { column: ColumnDeclaration; value: unknown; row?: Row; testId?: string }) {
  if (testId) {
    return (
      <Box component="span" data-testid={testId} sx={{ display: 'contents' }}>
        <Cell column={column} value={value} row={row} />
      </Box>
    );
  }
  return <CellContent column={column} value={value} row={row} />;
}

function CellContent({ column, value, row }: { column: ColumnDeclaration; value: unknown; row?: Row }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  if (column.format === 'image' && typeof value === 'string' && value !== '') return <Thumbnail url={value} />;
  const text = formatCell(column, value, (k, o) => String(t(k, o)), lang, row);
  if (text === '') return <Box component="span" sx={{ color: 'text.disabled' }}>{t('screens.crud.empty')}</Box>;
  if (column.enum) {
    const values = enumValuesOf(column.enum, value);
    return <Chips values={values} labels={values.map((v) => String(t(`enums.${column.enum}.${String(v)}`, { defaultValue: String(v) })))} />;
  }
  if (column.format === 'progress' && typeof value === 'number') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }} title={text}>
        <LinearProgress variant="determinate" value={Math.max(0, Math.min(100, value))} aria-label={text} sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'grey.200' }} color={value >= 100 ? 'success' : 'primary'} />
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36, textAlign: 'right', color: 'text.secondary', fontSize: 13 }}>{text}</Box>
      </Box>
    );
  }
  const numeric = column.format === 'number' || column.format === 'datetime' || column.format === 'date';
  return (
    <Box component="span" title={text} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontVariantNumeric: numeric ? 'tabular-nums' : undefined, color: column.format === 'datetime' ? 'text.secondary' : undefined }}>
      {text}
    </Box>
  );
}
