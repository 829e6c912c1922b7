import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table's horizontal scroll container that a keyboard can reach (WCAG 2.1.1, axe "scrollable-region-focusable"):
 * a table of text only has nothing focusable inside, so on a narrow screen its hidden columns could be reached by
 * mouse or touch alone. Focusable, it scrolls with the arrow keys; a named region tells a screen reader what it
 * is, and the outline shows where the focus is.
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      {children}
    </TableContainer>
  );
}
