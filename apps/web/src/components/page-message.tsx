import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A screen that cannot show its content (refused by the need-to-know check, a record that failed to load) still
 * has its page heading, so a screen reader user learns where they are before they hear why.
 */
export function PageMessage({
  title,
  message,
  severity = 'info',
}: {
  title: string;
  message: string;
  severity?: AlertColor;
}) {
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity={severity}>{message}</Alert>
    </Box>
  );
}
