import { useState } from 'react';
import { useOffeneFassungen } from '../api/einwilligung-api.ts';
import { EinwilligungDialog } from './einwilligung-erteilen-dialog.tsx';

/**
 * After an operator published a changed consent text, a patient is asked again before anything else: the dialog
 * cannot be closed, only answered or left by logging out. The server refuses booking and joining until then.
 * A consent the patient withdrew is asked for once when the app opens, and may be put off ("Später"): withdrawing
 * must not lock the patient out of the own records; the profile offers "Erneut einwilligen" at any time.
 */
export function EinwilligungGate({ onLogout }: { onLogout: () => void }) {
  const offen = useOffeneFassungen(true);
  // whether the app opened with a withdrawn consent (a withdrawal made in this session is not asked back at once)
  const [askWithdrawn, setAskWithdrawn] = useState<boolean | null>(null);
  const [later, setLater] = useState(false);
  if (offen.data && askWithdrawn === null) setAskWithdrawn(offen.data.some((f) => f.widerrufen));
  const changed = offen.data?.filter((f) => !f.widerrufen) ?? [];
  const withdrawn = offen.data?.filter((f) => f.widerrufen) ?? [];
  if (changed.length) {
    // a new list (another change meanwhile) starts the dialog afresh
    return <EinwilligungDialog key={changed.map((f) => f.fassung).join()} fassungen={changed} onLogout={onLogout} />;
  }
  if (askWithdrawn && !later && withdrawn.length) {
    return <EinwilligungDialog fassungen={withdrawn} onLater={() => setLater(true)} />;
  }
  return null;
}
