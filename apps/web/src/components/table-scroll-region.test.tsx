import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { TableScrollRegion } from './table-scroll-region.tsx';

describe('TableScrollRegion', () => {
  it('is a named region the keyboard reaches, though the table inside has nothing focusable', async () => {
    renderWithApp(
      <TableScrollRegion label="Zugriffsprotokoll">
        <Table>
          <TableBody>
            <TableRow>
              <TableCell>nur Text</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableScrollRegion>,
    );
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Zugriffsprotokoll' })).toHaveFocus();
  });
});
