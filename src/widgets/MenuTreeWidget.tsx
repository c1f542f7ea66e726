/**
 * `menuTree`: a checkbox tree of groups and their children, loaded from `ui:options.source`
 * (an answer like GET system/menu: `{ Backend: [{ id, names, children: [{ id, names }] }] }`,
 * or a plain list of such nodes). The value is the list of chosen child ids; a group's
 * checkbox toggles all its children (checked when all are, mixed when some are), and one
 * box on top toggles everything. Every child checkbox is named by the field path.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { pickName, type Names } from '../domain/lang';
import { useWidgetEnv } from './env';

export interface TreeNode {
  id: number | string;
  label: string;
  children: TreeNode[];
}

type RawNode = { id?: unknown; value?: unknown; names?: Names; label?: unknown; children?: unknown };

/** Source nodes as a tree: id (or value), the label in `lang` (names or label), children. */
export function toTree(items: readonly unknown[], lang: Parameters<typeof pickName>[1]): TreeNode[] {
  const out: TreeNode[] = [];
  for (const raw of items) {
    if (!raw || typeof raw !== 'object') continue;
    const n = raw as RawNode;
    const id = n.id ?? n.value;
    if (typeof id !== 'number' && typeof id !== 'string') continue;
    out.push({
      id,
      label: pickName(n.names, lang) || (typeof n.label === 'string' ? n.label : String(id)),
      children: Array.isArray(n.children) ? toTree(n.children, lang) : [],
    });
  }
  return out;
}

/** The ids that can be chosen: the leaves (a group without children is its own leaf). */
export function leafIds(tree: readonly TreeNode[]): (number | string)[] {
  return tree.flatMap((n) => (n.children.length ? leafIds(n.children) : [n.id]));
}

/** The value after toggling `ids` on or off, leaves in tree order. */
export function toggleIds(tree: readonly TreeNode[], value: readonly unknown[], ids: readonly (number | string)[], on: boolean): (number | string)[] {
  const chosen = new Set(value.filter((v) => leafIds(tree).includes(v as number | string)) as (number | string)[]);
  for (const id of ids) {
    if (on) chosen.add(id);
    else chosen.delete(id);
  }
  return leafIds(tree).filter((id) => chosen.has(id));
}

export function MenuTreeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const lang = useWidgetEnv().useLang();
  const options = props.options as Record<string, unknown>;
  const { items, loading } = useWidgetEnv().useOptionSource(options.source, typeof options.itemsPath === 'string' ? options.itemsPath : undefined);
  const tree = useMemo(() => toTree(items, lang), [items, lang]);
  const leaves = useMemo(() => leafIds(tree), [tree]);
  const value: unknown[] = Array.isArray(props.value) ? props.value : [];
  const chosen = new Set(value);
  const chosenCount = leaves.filter((id) => chosen.has(id)).length;
  const locked = props.disabled || props.readonly;
  const name = props.htmlName ?? props.id;
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  const set = (ids: (number | string)[], on: boolean) => props.onChange(toggleIds(tree, value, ids, on));

  return (
    <Box data-testid={`menu-tree-${name}`} role="group" aria-labelledby={`${props.id}-label`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <FormLabel id={`${props.id}-label`} required={props.required} error={invalid} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {props.label}
        </FormLabel>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary" data-testid="menu-tree-count">
            {t('screens.crud.selectedCount', { count: chosenCount, total: leaves.length })}
          </Typography>
          <FormControlLabel
            sx={{ mr: 0 }}
            disabled={locked || leaves.length === 0}
            control={
              <Checkbox
                size="small"
                checked={leaves.length > 0 && chosenCount === leaves.length}
                indeterminate={chosenCount > 0 && chosenCount < leaves.length}
                onChange={(e) => set(leaves, e.target.checked)}
              />
            }
            label={<Typography variant="body2">{t('screens.crud.selectAll')}</Typography>}
          />
        </Box>
      </Box>
      {loading && tree.length === 0 ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
            gap: 1.25,
          }}
        >
          {tree.map((group) => {
            const ids = group.children.length ? leafIds(group.children) : [group.id];
            const count = ids.filter((id) => chosen.has(id)).length;
            return (
              <Box
                key={String(group.id)}
                data-testid={`menu-group-${group.id}`}
                sx={{
                  border: '1px solid',
                  borderColor: invalid ? 'error.light' : 'divider',
                  borderRadius: 2,
                  bgcolor: count > 0 ? 'rgba(184,58,36,0.03)' : 'background.paper',
                  overflow: 'hidden',
                }}
              >
                <Box sx={{ px: 1, py: 0.25, bgcolor: 'grey.50', borderBottom: group.children.length ? '1px solid' : 'none', borderColor: 'divider' }}>
                  <FormControlLabel
                    disabled={locked}
                    sx={{ width: '100%', mr: 0 }}
                    control={
                      <Checkbox
                        size="small"
                        {...(group.children.length ? {} : { name, value: String(group.id) })}
                        checked={count === ids.length && ids.length > 0}
                        indeterminate={count > 0 && count < ids.length}
                        onChange={(e) => set(ids, e.target.checked)}
                        slotProps={{ input: { 'aria-label': group.label } }}
                      />
                    }
                    label={
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {group.label}
                        {group.children.length > 0 && (
                          <Box component="span" sx={{ ml: 0.75, color: 'text.secondary', fontWeight: 400, fontSize: 12 }}>
                            {count}/{ids.length}
                          </Box>
                        )}
                      </Typography>
                    }
                  />
                </Box>
                {group.children.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5, px: 1, py: 0.5 }}>
                    {group.children.map((child) => (
                      <FormControlLabel
                        key={String(child.id)}
                        disabled={locked}
                        sx={{ mr: 1, minWidth: 0 }}
                        control={
                          <Checkbox
                            size="small"
                            name={name}
                            value={String(child.id)}
                            checked={chosen.has(child.id)}
                            onChange={(e) => set([child.id], e.target.checked)}
                          />
                        }
                        label={<Typography variant="body2">{child.label}</Typography>}
                      />
                    ))}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
