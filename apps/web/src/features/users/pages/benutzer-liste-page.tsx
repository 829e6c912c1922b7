import { BENUTZER_TEXTS, ROLE_PLURAL_LABELS } from '@dihs/contract/users';
import type { Role } from '@dihs/contract/common/roles';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { LockedUsersPanel } from '../components/locked-users-panel.tsx';
import { RolePanel } from '../components/role-panel.tsx';

type TabKey = 'betreiber' | 'therapeuten' | 'patienten' | 'gesperrt';

const TABS: readonly { key: TabKey; label: string; role?: Role }[] = [
  { key: 'betreiber', label: ROLE_PLURAL_LABELS.BETREIBER, role: 'BETREIBER' },
  { key: 'therapeuten', label: ROLE_PLURAL_LABELS.THERAPEUT, role: 'THERAPEUT' },
  { key: 'patienten', label: ROLE_PLURAL_LABELS.PATIENT, role: 'PATIENT' },
  { key: 'gesperrt', label: BENUTZER_TEXTS.gesperrteBenutzer },
];

/**
 * /betreiber/benutzer/liste: the users of each role and the locked accounts (spec 3, "Operator tools"). The tab
 * is kept in the address (?tab=...), so coming back from a profile returns to the same list.
 */
export function BenutzerListePage() {
  const [params, setParams] = useSearchParams();
  const current = TABS.find((tab) => tab.key === params.get('tab')) ?? TABS[0]!;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom>
        Benutzer verwalten
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={current.key}
          onChange={(_, key: TabKey) => setParams({ tab: key }, { replace: true })}
          aria-label="Benutzergruppen"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`benutzer-tab-${tab.key}`}
              aria-controls={`benutzer-panel-${tab.key}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`benutzer-panel-${current.key}`}
          aria-labelledby={`benutzer-tab-${current.key}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          {current.role ? <RolePanel key={current.role} role={current.role} /> : <LockedUsersPanel />}
        </Box>
      </Paper>
    </Container>
  );
}
