/**
 * Pane `barcodeQuery` (Logistics / barcode query, menu 28; src/schemas/logistics/code.json):
 * a code typed or scanned into one field, GET api.get `?code=`, and what the server knows about
 * it: product, material, client and generation time; the logistics state (level, factory,
 * line, shift, where it is); the outer packages and the packages inside; every scan and every
 * movement. An unknown code shows the server's "this barcode does not exist" in the Fail modal.
 * Exports (jobs): every scan of the shown code (POST Logistics/code/file) and every scan of a
 * period (POST Report/scanLog/file).
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { JobCategory, PackagingCodeType } from '../domain/enums';
import { ErrorCode } from '../domain/errors';
import { zonedTimeText } from '../domain/datetime';
import { DateFilterInput } from '../engine/crud/DateFilterInput';
import { pickName, type Names } from '../domain/lang';
import { isApiError } from '../engine/api/ApiError';
import { useCallApi } from '../engine/crud/apiCall';
import { ExportButton } from '../engine/crud/ExportButton';
import { useFeedback } from '../engine/feedback/FeedbackProvider';
import { useLang } from '../engine/i18n/useLang';
import type { PaneProps } from '../engine/registry/panes';

interface Named { id: number; name: string }
export interface CodeInfo {
  code: string;
  package: { id: number; codeType: number };
  shortUrl: string | null;
  product: Named;
  packagingMaterial: { id: number; no: string; name: string };
  client: { id: number; code: string; names: Names };
  generatedAt: string | null;
  logistics: {
    level: number | null; unit: number | null; factory: Named | null; line: Named | null; shift: Named | null;
    boundAt: string | null; status: number; warehouse: Named | null;
  } | null;
  parents: { code: string; level: number | null }[];
  children: { code: string; level: number | null }[];
  scanCount: number;
  scans: { source: number; type: number; scannedAt: string; location: string | null; account: string | null }[];
  movements: { sheetId: number; sheetType: number; scanned: boolean; at: string; account: string; warehouse: Named; toWarehouse: Named | null }[];
}


/** The scan and movement lists scroll sideways on a small screen instead of squeezing their columns. */
const LIST_SX = { minWidth: 560, '& td, & th': { whiteSpace: 'nowrap' } } as const;

export default function BarcodeQueryPane({ decl }: PaneProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const feedback = useFeedback();
  const [code, setCode] = useState('');
  const [info, setInfo] = useState<CodeInfo | null>(null);
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const time = (iso: string | null) => zonedTimeText(iso, { lang });

  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || !decl.api.get) return;
    try {
      setInfo(await call<CodeInfo>(decl.api.get, {}, { query: { code: code.trim() }, silent: true }));
    } catch (err) {
      setInfo(null);
      if (!isApiError(err)) throw err;
      // The shared scan error "this barcode does not exist" in the interface language; others as usual.
      const key = (err.data as { key?: string } | undefined)?.key;
      if (key === 'barcodeNotExist') feedback.alert(`${t('screens.barcode.barcodeNotExist')} (${err.code})`, { title: t('common.fail') });
      else feedback.showError(err);
    }
  };

  const k = (key: string) => t(`screens.barcode.${key}`);
  const row = (label: string, value: React.ReactNode) => (
    <TableRow key={label}>
      <TableCell component="th" sx={{ width: { xs: 88, sm: 200 }, px: { xs: 1, sm: 2 }, verticalAlign: 'top' }}>{label}</TableCell>
      <TableCell sx={{ px: { xs: 1, sm: 2 }, overflowWrap: 'anywhere' }}>{value}</TableCell>
    </TableRow>
  );
  const l = info?.logistics;

  const createShortUrl = async () => {
    if (!info) return;
    try {
      const made = await call<{ url: string }>('GET Config/short-url', {}, { query: { code: info.code }, silent: true });
      setInfo({ ...info, shortUrl: made.url });
    } catch (err) {
      if (!isApiError(err)) throw err;
      const url = err.code === ErrorCode.ShortCodeExists ? (err.data as { url?: string } | undefined)?.url : undefined;
      if (url) setInfo({ ...info, shortUrl: url });
      else feedback.showError(err);
    }
  };
  const shortUrlCell = info && info.package.codeType === PackagingCodeType.Marketing && (info.shortUrl
    ? <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box component="a" href={info.shortUrl} target="_blank" rel="noreferrer" data-testid="short-url">{info.shortUrl}</Box>
        <Button size="small" onClick={() => void navigator.clipboard?.writeText(info.shortUrl!)}>{t('screens.crud.copy')}</Button>
      </Box>
    : <Button size="small" variant="outlined" onClick={() => void createShortUrl()} data-testid="short-url-create">{k('createShortUrl')}</Button>);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box component="form" onSubmit={search} sx={{ display: 'flex', gap: 1 }}>
          <TextField name="code" label={k('code')} size="small" value={code} onChange={(e) => setCode(e.target.value)} slotProps={{ htmlInput: { maxLength: 64 } }} />
          <Button type="submit" variant="contained" data-testid="barcode-search">{t('screens.crud.search')}</Button>
        </Box>
        <Box component="fieldset" data-testid="scan-period" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ float: 'left', mr: 1 }}>{k('periodTitle')}</Typography>
          {(['from', 'to'] as const).map((key) => (
            <DateFilterInput key={key} name={key} label={k(key)} value={period[key]} withTime onChange={(v) => setPeriod((p) => ({ ...p, [key]: v }))} />
          ))}
          <ExportButton
            api="POST Report/scanLog/file"
            filters={period}
            disabled={!period.from || !period.to}
            category={JobCategory.CustomerExportScanLog}
            label={k('scanLogReport')}
            text={k('exportPeriod')}
            testId="scan-period-export"
          />
        </Box>
      </Box>
      {info && (
        <Paper data-testid="barcode-result" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, display: 'grid', gap: 2 }}>
          <Table size="small" sx={{ tableLayout: 'fixed' }}><TableBody>
            {row(k('code'), info.code)}
            {row(k('client'), pickName(info.client.names, lang) || info.client.code)}
            {row(k('product'), info.product.name)}
            {row(k('material'), `${info.packagingMaterial.no} ${info.packagingMaterial.name}`)}
            {row(k('generatedAt'), time(info.generatedAt))}
            {shortUrlCell && row(k('shortUrl'), shortUrlCell)}
            {l && row(k('level'), `${l.level ?? ''} ${l.unit ? t(`enums.PackageUnit.${l.unit}`) : ''}`)}
            {l?.factory && row(k('binding'), `${l.factory.name} / ${l.line?.name ?? ''} / ${l.shift?.name ?? ''} ${time(l.boundAt)}`)}
            {l && row(k('status'), `${k(`status${l.status}`)} ${l.warehouse?.name ?? ''}`)}
            {row(k('parents'), info.parents.map((p) => <Chip key={p.code} size="small" label={p.code} sx={{ mr: 0.5 }} />))}
            {row(k('children'), info.children.map((c) => <Chip key={c.code} size="small" label={c.code} sx={{ mr: 0.5, mb: 0.5 }} />))}
          </TableBody></Table>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle1">{k('scans')} ({info.scanCount})</Typography>
            <ExportButton
              api="POST Logistics/code/file"
              filters={{ code: info.code }}
              disabled={info.scanCount === 0}
              category={JobCategory.ExportCodeInfos}
              label={`${k('scans')}_${info.code}`}
              text={k('exportScans')}
              testId="barcode-export"
            />
          </Box>
          <Box sx={{ overflowX: 'auto' }}><Table size="small" sx={LIST_SX}>
            <TableHead><TableRow>{['time', 'source', 'type', 'location', 'account'].map((c) => <TableCell key={c}>{k(c)}</TableCell>)}</TableRow></TableHead>
            <TableBody>{info.scans.map((s, i) => (
              <TableRow key={i}>
                <TableCell>{time(s.scannedAt)}</TableCell>
                <TableCell>{k(`source${s.source}`)}</TableCell>
                <TableCell>{t(`enums.ScanLogType.${s.type}`)}</TableCell>
                <TableCell>{s.location ?? ''}</TableCell>
                <TableCell>{s.account ?? ''}</TableCell>
              </TableRow>
            ))}</TableBody>
          </Table></Box>
          <Typography variant="subtitle1">{k('movements')}</Typography>
          <Box sx={{ overflowX: 'auto' }}><Table size="small" sx={LIST_SX}>
            <TableHead><TableRow>{['time', 'sheetType', 'warehouse', 'toWarehouse', 'account'].map((c) => <TableCell key={c}>{k(c)}</TableCell>)}</TableRow></TableHead>
            <TableBody>{info.movements.map((m, i) => (
              <TableRow key={i}>
                <TableCell>{time(m.at)}</TableCell>
                <TableCell>{t(`enums.LogisticSheetType.${m.sheetType}`)}</TableCell>
                <TableCell>{m.warehouse.name}</TableCell>
                <TableCell>{m.toWarehouse?.name ?? ''}</TableCell>
                <TableCell>{m.account}</TableCell>
              </TableRow>
            ))}</TableBody>
          </Table></Box>
        </Paper>
      )}
    </Box>
  );
}
