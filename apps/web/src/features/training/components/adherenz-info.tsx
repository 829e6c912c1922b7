import type { PlanEintrag } from '@dihs/contract/training';
import Typography from '@mui/material/Typography';

/** "An 3 von 14 Tagen erledigt · Schmerz: 4, 3, 2" (the last 14 days, beyond the spec; docs/decisions.md). */
export function AdherenzInfo({ eintrag }: { eintrag: PlanEintrag }) {
  const adherenz = eintrag.adherenz;
  if (!adherenz) return null;
  const schmerz = adherenz.schmerz.filter((s) => s.wert !== null).map((s) => s.wert);
  return (
    <Typography variant="body2" color="secondary.dark" sx={{ mt: 0.5 }}>
      In den letzten 14 Tagen an {adherenz.tageErledigt} {adherenz.tageErledigt === 1 ? 'Tag' : 'Tagen'} erledigt
      {schmerz.length > 0 && ` · Schmerz (0–10): ${schmerz.join(', ')}`}
    </Typography>
  );
}
