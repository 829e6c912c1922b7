import Tooltip from '@mui/material/Tooltip';
import { cloneElement, useId, type ReactElement } from 'react';
import { VisuallyHidden } from './visually-hidden.tsx';

/**
 * A button that may be off, with the reason why (issue 15: disabled buttons explain themselves). A disabled button
 * gets no pointer or focus events, so the tooltip sits on a focusable span around it (reachable by keyboard too);
 * screen readers get the reason as the button's description. Without a reason the button stands alone.
 */
export function MitGrund({
  grund,
  children,
}: {
  grund: string | null;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  if (!grund) return children;
  return (
    <Tooltip title={grund} describeChild>
      <span tabIndex={0} style={{ display: 'inline-flex' }}>
        {cloneElement(children, { 'aria-describedby': id })}
        <VisuallyHidden id={id}>{grund}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
