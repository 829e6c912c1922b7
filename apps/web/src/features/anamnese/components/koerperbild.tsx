import {
  KOERPER_BREITE,
  KOERPER_FORMEN,
  KOERPER_HOEHE,
  KOERPER_REGIONEN,
  KOERPER_SEITE_LABELS,
  KOERPER_SEITEN,
  punktName,
  regionMitte,
  regionVon,
  type KoerperSeite,
  type Schmerzpunkt,
} from '@dihs/contract/anamnese-koerper';
import { ANAMNESE_LIMITS } from '@dihs/contract/anamnese';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

/** Arrow keys move the marker by this many units of the 100-wide box; with Shift ten times as far. */
const SCHRITT = 2;
/** A point this close to the marker or a click (in box units) counts as hit: Enter removes it. */
const TREFFER = 4;
const BILD_BREITE = 180;

const runde = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

interface KoerperbildProps {
  punkte: readonly Schmerzpunkt[];
  /** Absent: read-only (the summary). */
  onChange?: (punkte: Schmerzpunkt[]) => void;
}

function Figur() {
  return (
    <g fill="#e8eef3" stroke="#5b6b78" strokeWidth={0.6}>
      {KOERPER_FORMEN.map((form, index) =>
        form.kind === 'ellipse' ? (
          <ellipse key={index} cx={form.x + form.w / 2} cy={form.y + form.h / 2} rx={form.w / 2} ry={form.h / 2} />
        ) : (
          <rect key={index} x={form.x} y={form.y} width={form.w} height={form.h} rx={form.r} />
        ),
      )}
    </g>
  );
}

interface SeiteProps extends KoerperbildProps {
  seite: KoerperSeite;
  /** Tells screen readers what happened (a live region of the whole map). */
  melden: (text: string) => void;
}

/**
 * One side of the body. Pointer: a click sets a point, a click on a point removes it. Keyboard: the picture is
 * one focusable control; the arrow keys move a marker, Enter or Space sets a point there or removes the one under
 * it, and every move names the body region under the marker.
 */
function Seite({ seite, punkte, onChange, melden }: SeiteProps) {
  const hinweisId = useId();
  const [marker, setMarker] = useState({ x: 50, y: 70 });
  const [fokus, setFokus] = useState(false);
  const label = KOERPER_SEITE_LABELS[seite];
  const nummern = punkte.map((punkt, index) => ({ punkt, nummer: index + 1 })).filter((p) => p.punkt.seite === seite);
  const interaktiv = Boolean(onChange);

  const umschalten = (x: number, y: number) => {
    if (!onChange) return;
    const getroffen = punkte.findIndex(
      (p) => p.seite === seite && Math.hypot(p.x * KOERPER_BREITE - x, p.y * KOERPER_HOEHE - y) <= TREFFER,
    );
    if (getroffen >= 0) {
      melden(`Schmerzpunkt entfernt: ${punktName(punkte[getroffen]!)}`);
      onChange(punkte.filter((_, index) => index !== getroffen));
      return;
    }
    if (punkte.length >= ANAMNESE_LIMITS.punkte)
      return melden(`Es können höchstens ${ANAMNESE_LIMITS.punkte} Schmerzpunkte gesetzt werden.`);
    const punkt: Schmerzpunkt = { seite, x: runde(x / KOERPER_BREITE), y: runde(y / KOERPER_HOEHE) };
    melden(`Schmerzpunkt ${punkte.length + 1} gesetzt: ${punktName(punkt)}`);
    onChange([...punkte, punkt]);
  };

  const klick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = clamp(((event.clientX - box.left) / box.width) * KOERPER_BREITE, KOERPER_BREITE);
    const y = clamp(((event.clientY - box.top) / box.height) * KOERPER_HOEHE, KOERPER_HOEHE);
    setMarker({ x, y });
    umschalten(x, y);
  };

  const taste = (event: KeyboardEvent<SVGSVGElement>) => {
    const weite = event.shiftKey ? SCHRITT * 10 : SCHRITT;
    const schritte: Record<string, [number, number]> = {
      ArrowLeft: [-weite, 0],
      ArrowRight: [weite, 0],
      ArrowUp: [0, -weite],
      ArrowDown: [0, weite],
    };
    const schritt = schritte[event.key];
    if (schritt) {
      event.preventDefault();
      const next = { x: clamp(marker.x + schritt[0], KOERPER_BREITE), y: clamp(marker.y + schritt[1], KOERPER_HOEHE) };
      setMarker(next);
      const region = regionVon({ seite, x: next.x / KOERPER_BREITE, y: next.y / KOERPER_HOEHE });
      melden(`Markierung: ${region?.name ?? 'außerhalb des Körpers'}`);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      umschalten(marker.x, marker.y);
    }
  };

  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography component="p" sx={{ fontWeight: 'bold' }}>
        {label}
      </Typography>
      <svg
        viewBox={`0 0 ${KOERPER_BREITE} ${KOERPER_HOEHE}`}
        width={BILD_BREITE}
        height={(BILD_BREITE * KOERPER_HOEHE) / KOERPER_BREITE}
        role={interaktiv ? 'application' : 'img'}
        aria-roledescription={interaktiv ? 'Körperbild' : undefined}
        aria-label={
          interaktiv
            ? `Körperbild ${label}, ${nummern.length} Schmerzpunkte`
            : `Körperbild ${label} mit ${nummern.length} Schmerzpunkten`
        }
        aria-describedby={interaktiv ? hinweisId : undefined}
        tabIndex={interaktiv ? 0 : undefined}
        onClick={interaktiv ? klick : undefined}
        onKeyDown={interaktiv ? taste : undefined}
        onFocus={() => setFokus(true)}
        onBlur={() => setFokus(false)}
        style={{
          cursor: interaktiv ? 'crosshair' : 'default',
          outline: fokus ? '3px solid #299fe1' : 'none',
          maxWidth: '100%',
          height: 'auto',
        }}
      >
        <Figur />
        {nummern.map(({ punkt, nummer }) => (
          <g key={nummer} transform={`translate(${punkt.x * KOERPER_BREITE} ${punkt.y * KOERPER_HOEHE})`}>
            <circle r={3.6} fill="#b22835" stroke="#7a1b25" strokeWidth={0.5} />
            <text y={1.3} textAnchor="middle" fontSize={3.6} fill="#fff" aria-hidden="true">
              {nummer}
            </text>
          </g>
        ))}
        {interaktiv && fokus && (
          <circle
            cx={marker.x}
            cy={marker.y}
            r={4.5}
            fill="none"
            stroke="#042f4c"
            strokeWidth={0.8}
            strokeDasharray="1.5 1"
          />
        )}
      </svg>
      {interaktiv && (
        <VisuallyHidden>
          <span id={hinweisId}>
            Mit den Pfeiltasten bewegen Sie die Markierung, mit Eingabe oder Leertaste setzen Sie dort einen
            Schmerzpunkt oder entfernen ihn. Alternativ steht die Liste der Körperregionen zur Verfügung.
          </span>
        </VisuallyHidden>
      )}
    </Box>
  );
}

/** The region list: the same points as the picture, as labelled checkboxes per side. */
function RegionenListe({ punkte, onChange, melden }: Required<KoerperbildProps> & { melden: (text: string) => void }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>Schmerzpunkte über die Liste der Körperregionen wählen</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {KOERPER_SEITEN.map((seite) => (
          <FormGroup key={seite} aria-label={`Körperregionen ${KOERPER_SEITE_LABELS[seite]}`} role="group">
            <Typography sx={{ fontWeight: 'bold' }}>{KOERPER_SEITE_LABELS[seite]}</Typography>
            {KOERPER_REGIONEN[seite].map((region) => {
              const drin = (p: Schmerzpunkt) => p.seite === seite && regionVon(p)?.key === region.key;
              const gesetzt = punkte.some(drin);
              return (
                <FormControlLabel
                  key={region.key}
                  label={region.name}
                  control={
                    <Checkbox
                      size="small"
                      checked={gesetzt}
                      onChange={(event) => {
                        const name = `${KOERPER_SEITE_LABELS[seite]}: ${region.name}`;
                        if (event.target.checked) {
                          onChange([...punkte, regionMitte(seite, region)]);
                          melden(`Schmerzpunkt gesetzt: ${name}`);
                        } else {
                          onChange(punkte.filter((p) => !drin(p)));
                          melden(`Schmerzpunkt entfernt: ${name}`);
                        }
                      }}
                    />
                  }
                />
              );
            })}
          </FormGroup>
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The body image with the pain points (spec 3, woSchmerzen): front and back, usable by pointer, by keyboard (a
 * marker moved with the arrow keys) and through a list of named body regions; the points set are listed by name
 * and announced to screen readers.
 */
export function Koerperbild({ punkte, onChange }: KoerperbildProps) {
  const [meldung, setMeldung] = useState('');
  const listeId = useId();
  // A removed point takes its button along, and with it the keyboard focus (to the page body): the button that took
  // its place, the new last one, or the list's heading when none is left takes the focus instead (issue 32 item 13).
  const listeRef = useRef<HTMLOListElement>(null);
  const kopfRef = useRef<HTMLParagraphElement>(null);
  // a new object per removal, so that removing the same position twice focuses twice
  const [entfernt, setEntfernt] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (!entfernt) return;
    const knoepfe = listeRef.current?.querySelectorAll('button') ?? [];
    (knoepfe[Math.min(entfernt.index, knoepfe.length - 1)] ?? kopfRef.current)?.focus();
  }, [entfernt]);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'center' }}>
        {KOERPER_SEITEN.map((seite) => (
          <Seite key={seite} seite={seite} punkte={punkte} onChange={onChange} melden={setMeldung} />
        ))}
      </Box>
      <div role="status" aria-live="polite" style={{ minHeight: '1.5em' }}>
        {onChange ? meldung : ''}
      </div>
      <Typography ref={kopfRef} tabIndex={-1} id={listeId} sx={{ fontWeight: 'bold', mt: 1 }}>
        Gesetzte Schmerzpunkte
      </Typography>
      {punkte.length === 0 ? (
        <Typography>Keine Schmerzpunkte gesetzt.</Typography>
      ) : (
        <Box component="ol" ref={listeRef} aria-labelledby={listeId} sx={{ my: 0 }}>
          {punkte.map((punkt, index) => (
            <li key={index}>
              {punktName(punkt)}
              {onChange && (
                <IconButton
                  size="small"
                  aria-label={`Schmerzpunkt ${index + 1} entfernen`}
                  onClick={() => {
                    setMeldung(`Schmerzpunkt entfernt: ${punktName(punkt)}`);
                    onChange(punkte.filter((_, other) => other !== index));
                    setEntfernt({ index });
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </li>
          ))}
        </Box>
      )}
      {onChange && <RegionenListe punkte={[...punkte]} onChange={onChange} melden={setMeldung} />}
    </Box>
  );
}
