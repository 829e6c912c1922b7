import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusOnMount } from './use-focus-on-mount.ts';

function Ergebnis({ active }: { active: boolean }) {
  const ref = useFocusOnMount<HTMLParagraphElement>(active);
  return (
    <p ref={ref} tabIndex={-1}>
      Gespeichert
    </p>
  );
}

describe('useFocusOnMount', () => {
  it('focuses the element when it appears active', () => {
    const { getByText } = render(<Ergebnis active />);
    expect(document.activeElement).toBe(getByText('Gespeichert'));
  });

  it('leaves the focus alone when it appears inactive, and when it turns active later (no arrival then)', () => {
    const { getByText, rerender } = render(<Ergebnis active={false} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Ergebnis active />);
    expect(document.activeElement).not.toBe(getByText('Gespeichert'));
  });
});
