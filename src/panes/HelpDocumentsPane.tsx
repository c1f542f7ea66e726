/**
 * Pane `helpDocuments` (System / help documents, menu 15; src/schemas/system/document.json):
 * the functions that can carry a help document (GET api.get: groups with their screens, each
 * with its PDF url per language) as a table, one row per function and one column per
 * language. A cell shows the current PDF (a link opening it in a new tab), an upload button
 * (the upload widget's rule from the declaration's `url` field: .pdf) and a clear button
 * (asked first). Every change POSTs api.update `{ menuId, lang, url }` (without url it clears),
 * checked by the shared validator with the declaration's form first; success shows a notice
 * and the table is read again. Users then find the document through the config's `document`
 * (the help button of the breadcrumb bar).
 */
import { Fragment, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { resolveForm } from '../domain/declarations';
import { LANGS, pickName, type Lang, type Names } from '../domain/lang';
import { createValidator } from '../domain/validation/index';
import { UploadButton } from '../widgets/UploadWidget';
import { isApiError } from '../engine/api/ApiError';
import { useApi } from '../engine/api/swr';
import { callApi, resolveCall } from '../engine/crud/apiCall';
import { useFeedback } from '../engine/feedback/FeedbackProvider';
import { useLang } from '../engine/i18n/useLang';
import { assetUrl } from '../engine/session/assets';
import { configKey, useSessionConfig } from '../engine/session/config';
import { useSession } from '../engine/session/store';
import { AppModal } from '../engine/shell/AppModal';
import type { PaneProps } from '../engine/registry/panes';

export interface HelpDocumentFunction {
  id: number;
  path: string;
  names: Names;
  urls: Names;
}

export interface HelpDocumentGroup {
  id: number;
  path: string;
  names: Names;
  children: HelpDocumentFunction[];
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

export default function HelpDocumentsPane({ decl }: PaneProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const feedback = useFeedback();
  const { mutate } = useSWRConfig();
  const session = useSession();
  const { data: config } = useSessionConfig();
  const listPath = decl.api.get ? resolveCall(decl.api.get).path : null;
  const { data, isLoading } = useApi<HelpDocumentGroup[]>(listPath, { revalidateOnMount: true });
  const groups = Array.isArray(data) ? data : [];
  const form = useMemo(() => resolveForm(decl.form!), [decl.form]);
  const validate = useMemo(() => createValidator(form), [form]);
  // The upload rule: the declaration's url field and its widget options (kind file, .pdf).
  const urlSchema = useMemo(() => {
    const props = isNode(form.schema.properties) ? form.schema.properties : {};
    return (isNode(props.url) ? props.url : {}) as Node;
  }, [form]);
  const urlOptions = useMemo(() => {
    const ui = isNode(decl.form?.uiSchema?.url) ? (decl.form!.uiSchema!.url as Node) : {};
    return (isNode(ui['ui:options']) ? ui['ui:options'] : {}) as Node;
  }, [decl.form]);
  const [busy, setBusy] = useState<string | null>(null);
  const [clearing, setClearing] = useState<{ fn: HelpDocumentFunction; lang: Lang } | null>(null);

  const save = async (fn: HelpDocumentFunction, docLang: Lang, url?: string) => {
    if (!decl.api.update) return;
    const body: Node = { menuId: fn.id, lang: docLang, ...(url ? { url } : {}) };
    const errors = validate(body);
    if (Object.keys(errors).length) {
      feedback.alert(Object.values(errors).map((e) => String(t(`validation.${e.key}`, e.params ?? {}))).join('\n'), { title: t('common.fail') });
      return;
    }
    setBusy(`${fn.id}-${docLang}`);
    try {
      await callApi(decl.api.update, body, { body });
      feedback.toast(t(url ? 'screens.document.saved' : 'screens.document.cleared'));
      if (listPath) await mutate(listPath);
      // Everyone reads the documents from the config: the help button follows at once.
      const code = session?.user.tenantCode;
      if (code) void mutate(configKey(code));
    } catch (e) {
      if (!isApiError(e)) throw e; // the Fail modal told the user
    } finally {
      setBusy(null);
    }
  };

  const langLabel = (l: Lang) => t(`lang.${l}`);

  return (
    <Paper sx={{ border: '1px solid', borderColor: 'divider', boxShadow: '0 1px 2px rgba(16,24,40,0.04)', overflow: 'hidden', minWidth: 0 }} data-testid="help-documents">
      <TableContainer sx={{ maxWidth: '100%' }}>
        <Table size="small" sx={{ minWidth: 860, tableLayout: 'fixed', '& td, & th': { borderColor: 'divider' } }}>
          <TableHead>
            <TableRow sx={{ bgcolor: '#f7f8fa' }}>
              <TableCell sx={{ fontWeight: 700, color: 'text.secondary', fontSize: 13, width: '22%', py: 1.5 }}>{t('screens.document.function')}</TableCell>
              {LANGS.map((l) => (
                <TableCell key={l} sx={{ fontWeight: 700, color: 'text.secondary', fontSize: 13, py: 1.5 }}>
                  {langLabel(l)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading &&
              [0, 1, 2, 3, 4].map((i) => (
                <TableRow key={i}>
                  <TableCell colSpan={LANGS.length + 1}>
                    <Skeleton height={32} />
                  </TableCell>
                </TableRow>
              ))}
            {groups.map((g) => (
              <Fragment key={g.id}>
                <TableRow data-testid={`doc-group-${g.id}`}>
                  <TableCell colSpan={LANGS.length + 1} sx={{ bgcolor: 'rgba(184,58,36,0.04)', py: 1 }}>
                    <Typography variant="subtitle2" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                      {pickName(g.names, lang)}
                    </Typography>
                  </TableCell>
                </TableRow>
                {g.children.map((fn) => (
                  <TableRow key={fn.id} hover data-testid={`doc-row-${fn.id}`}>
                    <TableCell sx={{ pl: 3 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {pickName(fn.names, lang)}
                      </Typography>
                    </TableCell>
                    {LANGS.map((l) => {
                      const url = fn.urls?.[l];
                      const key = `${fn.id}-${l}`;
                      return (
                        <TableCell key={l} data-testid={`doc-cell-${key}`} data-url={url ?? ''}>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'nowrap' }}>
                            {url ? (
                              <Chip
                                component="a"
                                href={assetUrl(config, url) ?? url}
                                target="_blank"
                                rel="noopener noreferrer"
                                clickable
                                size="small"
                                color="primary"
                                variant="outlined"
                                icon={<PictureAsPdfOutlined sx={{ fontSize: 16 }} />}
                                label={
                                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                                    {t('screens.document.open')}
                                    <OpenInNewRounded sx={{ fontSize: 14 }} />
                                  </Box>
                                }
                                data-testid={`doc-open-${key}`}
                                aria-label={`${t('screens.document.open')} ${pickName(fn.names, lang)} (${langLabel(l)})`}
                              />
                            ) : null}
                            <UploadButton
                              schema={urlSchema}
                              options={urlOptions}
                              name="url"
                              id={`doc-${key}`}
                              label={t(url ? 'screens.document.replace' : 'screens.document.upload')}
                              disabled={busy !== null}
                              testId={`doc-upload-${key}`}
                              variant={url ? 'text' : 'outlined'}
                              sx={
                                url
                                  ? { color: 'text.secondary', minWidth: 0, px: 1, '&:hover': { color: 'primary.main' } }
                                  : { color: 'text.secondary', borderStyle: 'dashed', borderColor: 'divider', bgcolor: 'grey.50', '&:hover': { color: 'primary.main', borderColor: 'primary.main', borderStyle: 'dashed' } }
                              }
                              onUploaded={(stored) => void save(fn, l, stored)}
                            />
                            {url && (
                              <Tooltip title={t('screens.document.clear')}>
                                <span>
                                  <IconButton
                                    size="small"
                                    aria-label={`${t('screens.document.clear')} ${pickName(fn.names, lang)} (${langLabel(l)})`}
                                    disabled={busy !== null}
                                    onClick={() => setClearing({ fn, lang: l })}
                                    data-testid={`doc-clear-${key}`}
                                    sx={{ color: 'text.secondary', '&:hover': { color: 'error.main' } }}
                                  >
                                    <DeleteOutline fontSize="small" />
                                  </IconButton>
                                </span>
                              </Tooltip>
                            )}
                          </Box>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {clearing && (
        <AppModal
          open
          testId="confirm-modal"
          tone="warning"
          icon={<WarningAmberRounded color="warning" />}
          title={t('screens.document.clear')}
          message={t('screens.document.clearConfirm', { function: pickName(clearing.fn.names, lang), language: langLabel(clearing.lang) })}
          onCancel={() => setClearing(null)}
          onConfirm={() => {
            const { fn, lang: l } = clearing;
            setClearing(null);
            void save(fn, l);
          }}
        />
      )}
    </Paper>
  );
}
