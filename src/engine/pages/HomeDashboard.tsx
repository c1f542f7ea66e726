/**
 * The home dashboard (issue 16): GET Home/dashboard for the last 30 days in the user's zone,
 * read after the home page showed (its own chunk: MUI X Charts), silently: a failure leaves it out. A card per part the server
 * answered (each only with its function): scans per day (consumer and app), suspicious codes,
 * codes generated, codes stocked in and shipped out. Every chart has a table twin for screen
 * readers (visually hidden) and a caption with the period's total.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_DAYS, fillDays, type Dashboard, type DayCount } from '../../domain/dashboard';
import { userTimeZone, zonedTimeText } from '../../domain/datetime';
import { useApi } from '../api/swr';
import { useLang } from '../i18n/useLang';
import { visuallyHidden } from '../theme/visuallyHidden';

const COLORS: Record<string, string> = { consumer: '#b83a24', app: '#2f3a56', codes: '#d5674c', stocked: '#2e7d6b', shipped: '#c58b1c' };


function today(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function ChartCard({ id, title, rows, keys }: { id: string; title: string; rows: DayCount[]; keys: readonly string[] }) {
  const { t } = useTranslation();
  const total = (key: string) => rows.reduce((n, r) => n + (r.values[key] ?? 0), 0);
  const label = (key: string) => t(`home.dashboard.${key}`);
  return (
    <Card data-testid={`dashboard-${id}`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">{title}</Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mt: 0.5, mb: 1 }}>
          {keys.map((k) => (
            <Typography key={k} variant="body2" color="text.secondary" data-testid={`dashboard-${id}-${k}`}>
              {label(k)} <Box component="strong" sx={{ color: 'text.primary', fontSize: 18, ml: 0.5 }}>{total(k).toLocaleString()}</Box>
            </Typography>
          ))}
        </Stack>
        {/* The chart is a picture of the table below (read by screen readers): nothing in it takes focus. */}
        <Box aria-hidden="true" inert>
          <BarChart
            height={220}
            margin={{ left: 0, right: 8, top: 8, bottom: 4 }}
            xAxis={[{ scaleType: 'band', height: 28, data: rows.map((r) => r.day.slice(5).replace('-', '/')), tickLabelInterval: (_v, i) => i % 7 === 0 }]}
            yAxis={[{ width: 40, tickMinStep: 1, min: 0, max: Math.max(...keys.map(total)) === 0 ? 4 : undefined, valueFormatter: (v: number | null) => (v === null ? '' : Math.round(v).toLocaleString()) }]}
            series={keys.map((k) => ({ data: rows.map((r) => r.values[k] ?? 0), label: label(k), color: COLORS[k], stack: keys.length > 1 ? 'day' : undefined }))}
            hideLegend={keys.length < 2}
            grid={{ horizontal: true }}
            borderRadius={3}
          />
        </Box>
        <Box sx={visuallyHidden}><table>
          <caption>{title}</caption>
          <thead><tr><th>{t('home.dashboard.day')}</th>{keys.map((k) => <th key={k}>{label(k)}</th>)}</tr></thead>
          <tbody>{rows.filter((r) => keys.some((k) => r.values[k])).map((r) => (
            <tr key={r.day}><td>{r.day}</td>{keys.map((k) => <td key={k}>{r.values[k]}</td>)}</tr>
          ))}</tbody>
        </table></Box>
      </CardContent>
    </Card>
  );
}

function SuspiciousCard({ data }: { data: NonNullable<Dashboard['suspicious']> }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const when = (iso: string) => zonedTimeText(iso, { lang });
  const empty = data.overScanned.length === 0 && data.farApart.length === 0;
  return (
    <Card data-testid="dashboard-suspicious">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">{t('home.dashboard.suspicious')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('home.dashboard.suspiciousHint')}</Typography>
        {empty && <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>{t('home.dashboard.noneSuspicious')}</Typography>}
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
          {data.overScanned.map((c) => (
            <Box component="li" key={`o-${c.code}`} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="warning" label={t('home.dashboard.scannedTimes', { count: c.scans, safe: c.safeScanCount })} />
              <Box component="code" sx={{ fontSize: 13 }}>{c.code}</Box>
              <Typography variant="caption" color="text.secondary">{when(c.lastScanAt)}</Typography>
            </Box>
          ))}
          {data.farApart.map((c) => (
            <Box component="li" key={`f-${c.code}`} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="error" label={t('home.dashboard.farApart', { km: c.km.toLocaleString() })} />
              <Box component="code" sx={{ fontSize: 13 }}>{c.code}</Box>
              <Typography variant="caption" color="text.secondary">{when(c.lastScanAt)}</Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function HomeDashboard() {
  const { t } = useTranslation();
  const zone = userTimeZone();
  const days = DASHBOARD_DAYS.default;
  const { data, isLoading } = useApi<Dashboard>(['Home/dashboard', { query: { days, tz: zone }, silent: true, noMask: true }]);
  if (isLoading) return <Skeleton variant="rounded" height={280} data-testid="dashboard-loading" />;
  if (!data || (!data.scans && !data.suspicious && !data.codes && !data.logistics)) return null;
  const last = today(zone);
  const fill = (rows: DayCount[], keys: readonly string[]) => fillDays(rows, last, days, keys);
  return (
    <Box component="section" aria-label={t('home.dashboard.title', { days })} data-testid="dashboard"
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      {data.scans && <ChartCard id="scans" title={t('home.dashboard.scans', { days })} rows={fill(data.scans, ['consumer', 'app'])} keys={['consumer', 'app']} />}
      {data.suspicious && <SuspiciousCard data={data.suspicious} />}
      {data.codes && <ChartCard id="codes" title={t('home.dashboard.codesTitle', { days })} rows={fill(data.codes, ['codes'])} keys={['codes']} />}
      {data.logistics && <ChartCard id="logistics" title={t('home.dashboard.logistics', { days })} rows={fill(data.logistics, ['stocked', 'shipped'])} keys={['stocked', 'shipped']} />}
    </Box>
  );
}
