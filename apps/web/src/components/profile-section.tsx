import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled card of the profile screen; its rows are separated by lines (also rows that components render as fragments). */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ '& > * + *': { borderTop: 1, borderColor: 'divider' } }}>{children}</Box>
    </Paper>
  );
}
