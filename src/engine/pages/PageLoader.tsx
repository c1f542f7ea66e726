import Box from '@mui/material/Box';
import { Spinner } from '../feedback/Spinner';

/** A quiet spinner while a page's prerequisites (the menu, a lazy screen) arrive. */
export function PageLoader() {
  return (
    <Box data-testid="page-loader" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10 }}>
      <Spinner size={32} />
    </Box>
  );
}
