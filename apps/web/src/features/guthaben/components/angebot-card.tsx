import { formatEuroCents } from '@dihs/contract/common/money';
import { GUTHABEN_TEXTS, SHOP_DURATIONS_MINUTES, type GuthabenAngebot } from '@dihs/contract/guthaben';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ShopCard, ShopCardLines } from '../../../components/shop-card.tsx';

/** The counts of a package with the shop's durations; findings show none (spec 2 "Credit shop"). */
export function angebotZeilen(angebot: GuthabenAngebot): string[] {
  const lines: [number, string][] = [
    [angebot.einzelTermine, `Video-Einzeltermin (${SHOP_DURATIONS_MINUTES.einzel} Min.)`],
    [angebot.gruppenTermine, `Video-Gruppentermin (${SHOP_DURATIONS_MINUTES.gruppe} Min.)`],
    [angebot.telefonTermine, `Telefontermin (${SHOP_DURATIONS_MINUTES.telefon} Min.)`],
    [angebot.anamnese, `Anamnesetermin (${SHOP_DURATIONS_MINUTES.anamnese} Min.)`],
    [angebot.befunde, 'Befundtermin'],
  ];
  return lines.filter(([count]) => count > 0).map(([count, label]) => `${count} × ${label}`);
}

/** The buy button's text: "Guthaben aufladen" once the terms are accepted, else "buchen" (spec 2). */
export const kaufenText = (agbAkzeptiert: boolean): string =>
  agbAkzeptiert ? GUTHABEN_TEXTS.aufladen : GUTHABEN_TEXTS.buchen;

interface AngebotCardProps {
  angebot: GuthabenAngebot;
  /** The terms checkbox; always true on this screen (spec 2), the rule is kept for the screen that has it. */
  agbAkzeptiert: boolean;
  onChoose: (angebot: GuthabenAngebot) => void;
}

/** One credit package: its counts with durations, the price with "inkl. MwSt" and the buy button. */
export function AngebotCard({ angebot, agbAkzeptiert, onChoose }: AngebotCardProps) {
  const button = (
    <Button
      variant="contained"
      disabled={!agbAkzeptiert}
      onClick={() => onChoose(angebot)}
      aria-label={`${kaufenText(agbAkzeptiert)}: ${angebot.titel}`}
    >
      {kaufenText(agbAkzeptiert)}
    </Button>
  );
  return (
    <ShopCard
      title={angebot.titel}
      action={
        agbAkzeptiert ? (
          button
        ) : (
          <Tooltip title={GUTHABEN_TEXTS.agbZustimmen}>
            <span>{button}</span>
          </Tooltip>
        )
      }
    >
      <ShopCardLines lines={angebotZeilen(angebot)} />
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700, mt: 2 }} color="primary">
        {formatEuroCents(angebot.centPreis)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {GUTHABEN_TEXTS.inklMwst}
      </Typography>
    </ShopCard>
  );
}
