import { DASHBOARD_TEXTS as T } from '@dihs/contract/dashboard';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { QueryState } from '../../../components/query-state.tsx';
import { useDashboard } from '../api/dashboard-api.ts';
import { DashboardTileView } from '../components/tiles.tsx';
import { useColumns } from '../components/use-columns.ts';

/** /cockpit: the patient's first screen, a grid of tiles (spec 3 "Patient dashboard (Cockpit)"). */
export function CockpitPage() {
  const tiles = useDashboard();
  const columns = useColumns();
  return (
    <Container maxWidth={false} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {T.ueberschrift}
      </Typography>
      <QueryState query={tiles} loading={T.laden} failed={T.fehler}>
        {(data) => (
          <Box
            component="ul"
            aria-label="Kacheln"
            sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 2, m: 0, p: 0 }}
          >
            {data.map((tile) => (
              <DashboardTileView key={tile.id} tile={tile} span={Math.min(tile.size, columns)} />
            ))}
          </Box>
        )}
      </QueryState>
    </Container>
  );
}
