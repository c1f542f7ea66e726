/** The skeleton of a panel whose code is still loading (a custom screen's pane, a wizard's step). */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export function PanelSkeleton({ testId }: { testId: string }) {
  return (
    <Box data-testid={testId} sx={{ display: 'grid', gap: 1 }}>
      <Skeleton height={56} />
      <Skeleton height={240} variant="rounded" />
    </Box>
  );
}
