/** The icon buttons of a row: view, edit, the declared row actions, remove. */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { FormMode } from './CrudForm';
import { rowActionsOf, type EngineRowAction } from './extensions';
import { ActionIcon } from '../registry/icons';
import type { Row } from './useCrudList';

export interface RowActionsProps {
  decl: ScreenDeclaration;
  row: Row;
  onOpen: (mode: FormMode, row: Row) => void;
  onRemove: (row: Row) => void;
  onAction: (action: EngineRowAction, row: Row) => void;
}

export function RowActions({ decl, row, onOpen, onRemove, onAction }: RowActionsProps) {
  const { t } = useTranslation();
  const id = String(row[decl.rowKey ?? 'id']);
  const actions = decl.grid?.actions ?? [];
  const button = (key: string, label: string, icon: React.ReactNode, onClick: () => void, color?: 'error') => (
    <Tooltip key={key} title={label}>
      <IconButton size="small" aria-label={label} data-testid={decl.testId ? `${decl.testId}-${key}` : `row-${key}-${id}`} color={color} onClick={onClick} sx={{ color: color ? undefined : 'text.secondary', '&:hover': { color: color ? 'error.main' : 'primary.main' } }}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.25, alignItems: 'center', height: '100%' }}>
      {actions.includes('view') && button('view', t('screens.crud.view'), <VisibilityOutlined fontSize="small" />, () => onOpen('view', row))}
      {actions.includes('edit') && decl.api.update && button('edit', t('screens.crud.edit'), <EditOutlined fontSize="small" />, () => onOpen('edit', row))}
      {rowActionsOf(decl).filter((a) => !a.download || !!row[a.download]).map((a) => {
        return button(a.id, t(a.label), <ActionIcon name={a.icon} fontSize="small" />, () => onAction(a, row), a.danger ? 'error' : undefined);
      })}
      {actions.includes('remove') && decl.api.remove && button('remove', t('screens.crud.remove'), <DeleteOutline fontSize="small" />, () => onRemove(row), 'error')}
    </Box>
  );
}

