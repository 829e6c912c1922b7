import { type AboPaket } from '@dihs/contract/abo';
import { formatEuroCents } from '@dihs/contract/common/money';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ShopCard, ShopCardLines } from '../../../components/shop-card.tsx';

const monate = (n: number) => `${n} ${n === 1 ? 'Monat' : 'Monate'}`;

/** "pro Quartal" for the usual three months, else "pro 6 Monate". */
export const intervallText = (buchungMonate: number) =>
  buchungMonate === 3 ? 'pro Quartal' : buchungMonate === 1 ? 'pro Monat' : `pro ${buchungMonate} Monate`;

/** What a package grants per interval, with the session durations of spec 2 section 9. */
function leistungen(paket: AboPaket): string[] {
  return [
    paket.einzelTermineProQuartal > 0 ? `${paket.einzelTermineProQuartal} × Video-Einzeltermin (20 Min.)` : null,
    paket.gruppenTermineProQuartal > 0 ? `${paket.gruppenTermineProQuartal} × Video-Gruppentermin (30 Min.)` : null,
    paket.befundtermine > 0 ? `${paket.befundtermine} × Befundtermin` : null,
    paket.trainingsplaene > 0 ? `${paket.trainingsplaene} × Trainingsplan` : null,
  ].filter((line): line is string => line !== null);
}

interface PaketCardProps {
  paket: AboPaket;
  disabled: boolean;
  onBook: (paket: AboPaket) => void;
}

/** One package of the shop: allowances per interval, price per interval including VAT, terms, "Abo buchen". */
export function PaketCard({ paket, disabled, onBook }: PaketCardProps) {
  return (
    <ShopCard
      title={paket.title}
      action={
        <Button
          variant="contained"
          disabled={disabled}
          onClick={() => onBook(paket)}
          aria-label={`Abo „${paket.title}“ buchen`}
        >
          Abo buchen
        </Button>
      }
    >
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }} color="primary">
        {formatEuroCents(paket.kostenProQuartalCent)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {intervallText(paket.buchungMonate)} inkl. MwSt
      </Typography>
      <Typography variant="subtitle2" component="p" sx={{ mt: 2 }}>
        Enthalten {intervallText(paket.buchungMonate)}:
      </Typography>
      <ShopCardLines lines={leistungen(paket)} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Laufzeit {monate(paket.laufzeitMonate)}, Kündigungsfrist {monate(paket.kuendigungsfristMonate)}; ohne Kündigung
        verlängert sich das Abo um die Laufzeit.
      </Typography>
    </ShopCard>
  );
}
