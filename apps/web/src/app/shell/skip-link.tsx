import Box from '@mui/material/Box';

/** The first tab stop: jumps over the top bar to the page content; visible only while focused. */
export function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: 'tooltip',
        bgcolor: 'background.paper',
        color: 'primary.main',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      Zum Inhalt springen
    </Box>
  );
}
