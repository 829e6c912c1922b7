import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The page heading: the person's name (or "Profil"), a line below it, an optional photo beside it. */
export function ProfileHeader({ name, subtitle, photo }: { name: string; subtitle?: string; photo?: ReactNode }) {
  useDocumentTitle(name ? `Profil ${name}` : undefined);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, mb: 3, flexWrap: 'wrap' }}>
      {photo}
      <Box>
        <Typography variant="h1">{name || 'Profil'}</Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
