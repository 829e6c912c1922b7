import { canStartSession, formatDateTimeUhr, TIME_ZONE } from '@dihs/contract/common/time';
import { begruessung, DASHBOARD_TEXTS as T, type DashboardTile, type DashboardTileOf } from '@dihs/contract/dashboard';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TileCard } from './tile-card.tsx';
import { useClock } from './use-clock.ts';

type Props<K extends DashboardTile['kind']> = { tile: DashboardTileOf<K>; span: number };

const uhrzeit = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const stunde = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });
const datum = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const zeitKurz = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** The ISO calendar week (weeks start on Monday; week 1 holds the year's first Thursday). */
export function kalenderwoche(date: Date): number {
  const day = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/** "2 Tage 3 Std.", "1 Std. 5 Min." or, in the last hour, "4 Min. 12 Sek.". */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const tage = Math.floor(s / 86_400);
  const std = Math.floor((s % 86_400) / 3600);
  const min = Math.floor((s % 3600) / 60);
  if (tage > 0) return `${tage} ${tage === 1 ? 'Tag' : 'Tagen'} ${std} Std.`;
  if (std > 0) return `${std} Std. ${min} Min.`;
  return `${min} Min. ${s % 60} Sek.`;
}

const Text = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);

/** Greeting by the time of day with the patient's name and a clock that ticks every second. */
function GreetingTile({ tile, span }: Props<'greeting'>) {
  const now = useClock(1000);
  const gruss = begruessung(Number(stunde.format(now)));
  return (
    <TileCard
      icon={tile.icon}
      link={tile.link}
      span={span}
      titel={tile.name ? `${gruss}, ${tile.name}` : gruss}
      aktion="Zum Profil"
    >
      <Typography component="p" sx={{ fontSize: '2rem', fontVariantNumeric: 'tabular-nums' }}>
        {uhrzeit.format(now)} Uhr
      </Typography>
    </TileCard>
  );
}

/** Today's date and calendar week, refreshed every minute. */
function TimeBoxTile({ tile, span }: Props<'timeBox'>) {
  const now = useClock(60_000);
  return (
    <TileCard icon={tile.icon} link={tile.link} span={span} titel={T.datum} aktion="Zum Terminplan">
      <Typography component="p">{datum.format(now)}</Typography>
      <Text>Kalenderwoche {kalenderwoche(now)}</Text>
    </TileCard>
  );
}

/** The next appointment with its countdown; inside its session window the tile joins the session. */
function NextTerminTile({ tile, span }: Props<'nextTermin'>) {
  const now = useClock(1000);
  const termin = tile.termin;
  if (!termin) {
    return (
      <TileCard icon={tile.icon} link={tile.link} span={span} titel={T.naechsterTermin} aktion={T.terminBuchen}>
        <Text>{T.keinTermin}</Text>
      </TileCard>
    );
  }
  const offen = canStartSession(termin, now);
  const bisBeginn = new Date(termin.datum).getTime() - now.getTime();
  return (
    <TileCard
      icon={offen ? 'video' : tile.icon}
      link={offen ? termin.sitzungLink : tile.link}
      span={span}
      titel={T.naechsterTermin}
      aktion={offen ? T.sitzungBeitreten : 'Zum Terminplan'}
    >
      <Typography component="p">{termin.titel}</Typography>
      <Text>
        {formatDateTimeUhr(termin.datum)}
        {termin.therapeutName && ` bei ${termin.therapeutName}`}
      </Text>
      <Text>{bisBeginn > 0 ? `Beginn in ${countdown(bisBeginn)}` : 'Der Termin läuft.'}</Text>
      {termin.termintyp === 'TELEFON' && <Text>Telefontermin: Sie werden angerufen.</Text>}
    </TileCard>
  );
}

/** A booking that still holds seats: finish or release it on the appointment plan. */
function OffeneBuchungTile({ tile, span }: Props<'termin'>) {
  return (
    <TileCard
      icon={tile.icon}
      link={tile.link}
      span={span}
      titel={T.offeneBuchung}
      aktion="Buchung abschließen oder freigeben"
    >
      <Text>
        {tile.anzahlTermine === 1 ? '1 Termin ist' : `${tile.anzahlTermine} Termine sind`} für Sie reserviert, bis{' '}
        {zeitKurz.format(new Date(tile.ablauf))} Uhr.
      </Text>
    </TileCard>
  );
}

function AnzahlListe({ eintraege }: { eintraege: { label: string; anzahl: number }[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {eintraege.map((e) => (
        <Typography component="li" variant="body2" key={e.label}>
          {e.label}: {e.anzahl}
        </Typography>
      ))}
    </Box>
  );
}

/** Credit balances, or the subscription with what is left of it until the next interval. */
function LeistungenTile({ tile, span }: Props<'termineUndLeistungen'>) {
  const leistung = tile.leistung;
  if (leistung.bereich === 'GUTHABEN') {
    return (
      <TileCard icon={tile.icon} link={tile.link} span={span} titel={T.guthaben} aktion={T.guthabenKaufen}>
        {leistung.guthaben.length ? <AnzahlListe eintraege={leistung.guthaben} /> : <Text>{T.keinGuthaben}</Text>}
      </TileCard>
    );
  }
  const abo = leistung.abo;
  return (
    <TileCard icon={tile.icon} link={tile.link} span={span} titel={T.abo} aktion={abo ? 'Abo verwalten' : T.aboBuchen}>
      {abo ? (
        <>
          <Typography component="p">
            {abo.paket} ({abo.status})
          </Typography>
          <Text>
            {abo.rest.length
              ? `Noch verfügbar${abo.bis ? ` bis ${new Date(abo.bis).toLocaleDateString('de-DE')}` : ''}:`
              : 'Die Leistungen dieses Zeitraums sind aufgebraucht.'}
          </Text>
          <AnzahlListe eintraege={abo.rest} />
        </>
      ) : (
        <Text>{T.keinAbo}</Text>
      )}
    </TileCard>
  );
}

/** The patient's company with its logo. */
function FirmaTile({ tile, span }: Props<'firma'>) {
  const extern = /^https?:\/\//.test(tile.link);
  return (
    <TileCard
      icon={tile.icon}
      link={tile.link}
      span={span}
      titel={T.firma}
      neuerTab={tile.neuerTab}
      aktion={extern ? 'Zur Website' : 'Firmentermine ansehen'}
    >
      {tile.logoPath && (
        <Box
          component="img"
          src={tile.logoPath}
          alt={`Logo ${tile.bezeichner}`}
          sx={{ maxHeight: 64, maxWidth: '100%' }}
        />
      )}
      <Typography component="p">{tile.bezeichner}</Typography>
    </TileCard>
  );
}

/** Training plan or open task, with progress where there is one. */
function PersonalTile({ tile, span }: Props<'personalTile'>) {
  const f = tile.fortschritt;
  return (
    <TileCard icon={tile.icon} link={tile.link} span={span} titel={tile.titel}>
      <Text>{tile.text}</Text>
      {f && f.gesamt > 0 && (
        <LinearProgress
          variant="determinate"
          value={(100 * f.erledigt) / f.gesamt}
          aria-label={`${f.erledigt} von ${f.gesamt} erledigt`}
          sx={{ mt: 1 }}
        />
      )}
    </TileCard>
  );
}

/** One tile of the cockpit, by kind. */
export function DashboardTileView({ tile, span }: { tile: DashboardTile; span: number }) {
  switch (tile.kind) {
    case 'greeting':
      return <GreetingTile tile={tile} span={span} />;
    case 'timeBox':
      return <TimeBoxTile tile={tile} span={span} />;
    case 'nextTermin':
      return <NextTerminTile tile={tile} span={span} />;
    case 'termin':
      return <OffeneBuchungTile tile={tile} span={span} />;
    case 'termineUndLeistungen':
      return <LeistungenTile tile={tile} span={span} />;
    case 'firma':
      return <FirmaTile tile={tile} span={span} />;
    case 'personalTile':
      return <PersonalTile tile={tile} span={span} />;
    case 'leftText':
      return (
        <TileCard icon={tile.icon} link={tile.link} span={span} titel={T.hinweis} aktion="Kontakt">
          <Text>{tile.text}</Text>
        </TileCard>
      );
    case 'staticTile':
      return (
        <TileCard icon={tile.icon} link={tile.link} span={span} titel={tile.titel}>
          <Text>{tile.text}</Text>
        </TileCard>
      );
  }
}
