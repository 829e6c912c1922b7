import { dashboardColumns } from '@dihs/contract/dashboard';
import { useEffect, useState } from 'react';

/** The cockpit's column count for the window's current width (spec 3 section 2), following resizes. */
export function useColumns(): number {
  const [columns, setColumns] = useState(() => dashboardColumns(window.innerWidth));
  useEffect(() => {
    const update = () => setColumns(dashboardColumns(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return columns;
}
