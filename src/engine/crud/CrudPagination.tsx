/**
 * The list footer: the total, previous/next arrows and the page numbers of paginationWindow
 * (first and last always, a window of 5, ellipses that turn into double arrows on hover and
 * jump 5 pages).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import { useTranslation } from 'react-i18next';
import { ellipsisTarget, PAGE_WINDOW, paginationWindow } from './pagination';

export interface CrudPaginationProps {
  page: number;
  pageCount: number;
  /** The list's total; undefined while its first page is on its way (the line stays, empty). */
  total: number | undefined;
  onChange: (page: number) => void;
  disabled?: boolean;
}

const cell = {
  minWidth: 32,
  height: 32,
  px: 0.75,
  borderRadius: 1.5,
  fontSize: 14,
  fontVariantNumeric: 'tabular-nums',
  color: 'text.primary',
  transition: 'background-color 120ms',
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.light' },
} as const;

function Ellipsis({ kind, onClick, label }: { kind: 'prev-more' | 'next-more'; onClick: () => void; label: string }) {
  const [hover, setHover] = useState(false);
  const Arrow = kind === 'prev-more' ? KeyboardDoubleArrowLeft : KeyboardDoubleArrowRight;
  return (
    <Tooltip title={label}>
      <ButtonBase
        sx={{ ...cell, color: hover ? 'primary.main' : 'text.secondary' }}
        aria-label={label}
        data-testid={`page-${kind}`}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={() => setHover(true)}
        onBlur={() => setHover(false)}
        onClick={onClick}
      >
        {hover ? <Arrow fontSize="small" /> : <MoreHoriz fontSize="small" />}
      </ButtonBase>
    </Tooltip>
  );
}

export function CrudPagination({ page, pageCount, total, onChange, disabled }: CrudPaginationProps) {
  const { t } = useTranslation();
  const items = paginationWindow(page, pageCount);
  const go = (p: number) => {
    if (!disabled && p !== page && p >= 1 && p <= pageCount) onChange(p);
  };
  return (
    <Box
      component="nav"
      aria-label={t('screens.crud.pagination')}
      data-testid="crud-pagination"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, px: { xs: 1.5, sm: 2 }, py: 1.25 }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="crud-total">
        {total === undefined ? '\u00a0' : t('screens.crud.total', { count: total })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexWrap: 'wrap' }}>
        <IconButton size="small" aria-label={t('screens.crud.previousPage')} data-testid="page-prev" disabled={disabled || page <= 1} onClick={() => go(page - 1)}>
          <ChevronLeft fontSize="small" />
        </IconButton>
        {items.map((item) =>
          typeof item === 'number' ? (
            <ButtonBase
              key={item}
              data-testid={`page-${item}`}
              aria-label={t('screens.crud.page', { page: item })}
              aria-current={item === page ? 'page' : undefined}
              disabled={disabled}
              onClick={() => go(item)}
              sx={{
                ...cell,
                ...(item === page
                  ? { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, '&:hover': { bgcolor: 'primary.dark' } }
                  : {}),
              }}
            >
              {item}
            </ButtonBase>
          ) : (
            <Ellipsis
              key={item}
              kind={item}
              label={t(item === 'prev-more' ? 'screens.crud.previousPages' : 'screens.crud.nextPages', { count: PAGE_WINDOW })}
              onClick={() => go(ellipsisTarget(item, page, pageCount))}
            />
          ),
        )}
        <IconButton size="small" aria-label={t('screens.crud.nextPage')} data-testid="page-next" disabled={disabled || page >= pageCount} onClick={() => go(page + 1)}>
          <ChevronRight fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}
