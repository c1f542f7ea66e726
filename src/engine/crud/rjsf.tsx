/**
 * The RJSF setup of declared forms: the @rjsf/mui theme with our widgets and fields, a
 * validator that knows the project's formats and `x-` keywords (RJSF uses it only to resolve
 * schemas and defaults; the shared validator judges the data), input names equal to the
 * field path, compact error texts and a form grid (two columns in large dialogs).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Templates as MuiTemplates } from '@rjsf/mui';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, BaseInputTemplateProps, FieldErrorProps, NameGeneratorFunction, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { extendAjv } from '../../domain/validation/ajv';
import { LengthCounter } from './LengthCounter';

export const rjsfValidator = customizeValidator({ ajvFormatOptions: false, extenderFn: extendAjv });

/** `name` attributes are the field paths: `account`, `contacts.primary.email` (DESIGN.md test hook). */
export const pathNameGenerator: NameGeneratorFunction = (path) => path.map(String).join('.');

function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const path = fieldPathId.path.map(String).join('.');
  return (
    <FormHelperText error component="div" data-testid="field-error" data-field={path} sx={{ mx: 1.75, mt: 0.5 }}>
      {errors[0]}
    </FormHelperText>
  );
}

/**
 * Text inputs of @rjsf/mui with the length counter of a `maxLength` (never a cut: the
 * browser's maxlength is not set, the validator refuses a longer text).
 */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const MuiBaseInputTemplate = MuiTemplates.BaseInputTemplate!;
  const max = (props.schema as { maxLength?: unknown }).maxLength;
  const editable = !props.readonly && !props.disabled;
  return (
    <>
      <MuiBaseInputTemplate {...props} />
      {editable && typeof max === 'number' && <LengthCounter value={props.value} max={max} field={props.htmlName ?? props.id} />}
    </>
  );
}

export interface FormContext {
  /** Columns of the form grid: 2 in large dialogs from the sm breakpoint. */
  columns: 1 | 2;
  /** The whole form's data, for widgets that read another field (dateTime's timezoneField). */
  formData?: Record<string, unknown>;
}

/** Fields that take the whole row of a two-column form (`ui:options.wide` asks for it). */
function isWide(schema: Record<string, unknown> | undefined, ui: Record<string, unknown> | undefined): boolean {
  if (!schema) return true;
  const widget = ui?.['ui:widget'];
  const options = ui?.['ui:options'] as Record<string, unknown> | undefined;
  if (options?.wide === true) return true;
  if (widget === 'menuTree' || widget === 'textarea' || widget === 'dateRange' || ui?.['ui:field']) return true;
  return schema.type === 'array' || schema.type === 'object';
}

/**
 * A field hidden for now (`ui:options.visibleIf` does not hold, or `tenantTypes` leaves the user
 * out): not rendered at all, so no input of it is in the page (a typed password either); a field
 * declared hidden (`"ui:widget": "hidden"`, a record's id) keeps its hidden input.
 */
function hiddenByCondition(ui: Record<string, unknown> | undefined): boolean {
  const options = ui?.['ui:options'] as Record<string, unknown> | undefined;
  return options?.visibleIf !== undefined || Array.isArray(options?.tenantTypes);
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const context = (props.registry.formContext ?? {}) as Partial<FormContext>;
  const columns = context.columns ?? 1;
  const schema = props.schema as { properties?: Record<string, Record<string, unknown>> };
  const ui = (props.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const visible = props.properties.filter((p) => !p.hidden);
  const widgetOf = (name: string | undefined) => (name ? ui[name]?.['ui:widget'] : undefined);
  const cells: ReactNode[] = [];
  for (let i = 0; i < visible.length; i++) {
    const p = visible[i];
    const next = visible[i + 1];
    // A dial code followed by its phone number share one row (the profile's phone, a contact's).
    if (widgetOf(p.name) === 'dialCode' && widgetOf(next?.name) === 'phone') {
      cells.push(
        <Box key={p.name} data-field-cell={`${p.name} ${next.name}`} sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, minWidth: 0 }}>
          <Box sx={{ width: { xs: '100%', sm: 230 }, flexShrink: 0 }}>{p.content}</Box>
          <Box sx={{ flex: '1 1 auto', minWidth: 0, width: { xs: '100%', sm: 'auto' } }}>{next.content}</Box>
        </Box>,
      );
      i += 1;
      continue;
    }
    const wide = columns === 1 || isWide(schema.properties?.[p.name], ui[p.name]);
    cells.push(
      <Box key={p.name} data-field-cell={p.name} sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
        {p.content}
      </Box>,
    );
  }
  const grid = (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: columns === 2 ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } : '1fr',
        columnGap: 2,
        rowGap: 2.25,
        pt: 0.75,
      }}
    >
      {cells}
      {props.properties.filter((p) => p.hidden && !hiddenByCondition(ui[p.name])).map((p) => (
        <Box key={p.name} sx={{ display: 'none' }}>
          {p.content}
        </Box>
      ))}
    </Box>
  );
  // A nested object with a title is a section: its heading above its fields. An item of a
  // list is not (its box and number say which it is; RJSF would title it "<list title>-1").
  const depth = props.fieldPathId.path.length;
  if (depth === 0 || !props.title || typeof props.fieldPathId.path.at(-1) === 'number') return grid;
  const headingId = `${props.fieldPathId.$id}-heading`;
  return (
    <Box component="section" role="group" aria-labelledby={headingId} data-section={props.fieldPathId.path.map(String).join('.')} sx={{ pt: depth === 1 ? 1 : 0.25 }}>
      <Typography
        id={headingId}
        component={depth === 1 ? 'h3' : 'h4'}
        sx={
          depth === 1
            ? { fontSize: 14, fontWeight: 700, color: 'text.primary', pb: 0.75, mb: 1.25, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }
            : { fontSize: 13, fontWeight: 600, color: 'text.secondary', mb: 1, display: 'flex', alignItems: 'center', gap: 0.75, '&::before': { content: '""', width: 3, height: 12, borderRadius: 1, bgcolor: 'primary.main' } }
        }
      >
        {props.title}
        {props.required && depth > 1 && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 400, ml: -0.5 }}>
            *
          </Box>
        )}
      </Typography>
      {grid}
    </Box>
  );
}

const sectionHeading = { fontSize: 14, fontWeight: 700, color: 'text.primary', pb: 0.75, mb: 1.25, borderBottom: '1px solid', borderColor: 'divider' } as const;

/**
 * A list of records (arrays of objects without a widget of their own: more-info links, member
 * tiers and reward rules, change details) as a section like a nested object: its heading, a
 * bordered numbered box per item with its move and remove buttons, and an "Add" button in the
 * interface language that goes away at `maxItems` (the count shows beside it). Not the theme's
 * default (a raised card with a large heading and unlabelled "+"/"-" icons).
 */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const path = props.fieldPathId.path.map(String).join('.');
  const headingId = `${props.fieldPathId.$id}-heading`;
  const max = (props.schema as { maxItems?: unknown }).maxItems;
  const editable = !props.readonly && !props.disabled;
  return (
    <Box component="section" role="group" aria-labelledby={props.title ? headingId : undefined} data-array={path}>
      {props.title && (
        <Typography id={headingId} component="h3" sx={sectionHeading}>
          {props.title}
          {props.required && <Box component="span" aria-hidden sx={{ color: 'error.main', fontWeight: 400, ml: 0.5 }}>*</Box>}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>{props.items}</Box>
      {props.items.length === 0 && !editable && <Typography color="text.secondary">—</Typography>}
      {props.canAdd && editable && (
        <Button size="small" startIcon={<AddRounded />} onClick={props.onAddClick} data-testid={`array-add-${path}`} sx={{ mt: props.items.length ? 1 : 0 }}>
          {t('screens.crud.arrayAdd')}
          {typeof max === 'number' && <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, ml: 0.75 }}>{` ${props.items.length} / ${max}`}</Box>}
        </Button>
      )}
    </Box>
  );
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const b = props.buttonsProps;
  const n = b.index + 1;
  const path = b.fieldPathId.path.map(String).join('.');
  const off = b.disabled || b.readonly;
  return (
    <Box data-array-item={path} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', border: '1px solid', borderColor: 'divider', borderRadius: 1.5, p: 1.5, pl: 1 }}>
      <Typography aria-hidden sx={{ width: 22, flexShrink: 0, textAlign: 'center', pt: 1, fontWeight: 600, color: 'text.secondary' }}>{n}</Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>{props.children}</Box>
      {props.hasToolbar && !off && (
        <Box sx={{ display: 'flex', flexShrink: 0, pt: 0.5 }}>
          {(b.hasMoveUp || b.hasMoveDown) && (
            <>
              <IconButton size="small" aria-label={t('screens.crud.arrayMoveUp', { n })} disabled={!b.hasMoveUp} onClick={b.onMoveUpItem}><ArrowUpwardRounded fontSize="small" /></IconButton>
              <IconButton size="small" aria-label={t('screens.crud.arrayMoveDown', { n })} disabled={!b.hasMoveDown} onClick={b.onMoveDownItem}><ArrowDownwardRounded fontSize="small" /></IconButton>
            </>
          )}
          {b.hasRemove && (
            <IconButton size="small" aria-label={t('screens.crud.arrayRemove', { n })} data-testid={`array-remove-${path}`} onClick={b.onRemoveItem}><DeleteOutlined fontSize="small" /></IconButton>
          )}
        </Box>
      )}
    </Box>
  );
}

export const rjsfTemplates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
};
