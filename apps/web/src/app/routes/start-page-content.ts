import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import LockIcon from '@mui/icons-material/Lock';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SchoolIcon from '@mui/icons-material/School';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import WebIcon from '@mui/icons-material/Web';
import type SvgIcon from '@mui/material/SvgIcon';

export interface Feature {
  icon: typeof SvgIcon;
  title: string;
  text: string;
}

/** What the platform offers; the claims stay within what the product does. */
export const OFFERS: readonly Feature[] = [
  {
    icon: VideoCallIcon,
    title: 'Videotherapie mit Physiotherapeuten',
    text: 'Behandlung und Beratung per Video – einzeln oder in der Gruppe, ohne Anfahrt und Wartezimmer.',
  },
  {
    icon: FitnessCenterIcon,
    title: 'Trainingspläne mit Übungsvideos',
    text: 'Ihre Therapeutin oder Ihr Therapeut stellt Ihnen Übungen zusammen, die Sie mit Videos zu Hause nachmachen.',
  },
  {
    icon: EventAvailableIcon,
    title: 'Termine online buchen',
    text: 'Freie Termine ansehen und direkt buchen – rund um die Uhr, ohne Telefonwarteschleife.',
  },
  {
    icon: UploadFileIcon,
    title: 'Rezepte hochladen',
    text: 'Ärztliche Verordnungen einfach hochladen, statt sie per Post zu schicken.',
  },
];

export const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Registrieren', text: 'Konto anlegen und die E-Mail-Adresse bestätigen.' },
  { title: 'Termin buchen', text: 'Einen freien Termin bei einer Therapeutin oder einem Therapeuten wählen.' },
  {
    title: 'Per Video behandeln lassen',
    text: 'Zum Termin mit einem Klick der Videositzung beitreten; danach begleitet Sie Ihr Trainingsplan.',
  },
];

export const TRUST_POINTS: readonly Feature[] = [
  {
    icon: LockIcon,
    title: 'Verschlüsselte Videosprechstunde',
    text: 'Bild und Ton werden verschlüsselt übertragen; die Verbindung läuft direkt im Browser.',
  },
  {
    icon: PrivacyTipIcon,
    title: 'Sorgsam mit Ihren Daten',
    text: 'Gesundheitsdaten wie Rezepte speichern wir verschlüsselt. Keine Werbe- oder Analyse-Cookies.',
  },
  {
    icon: SchoolIcon,
    title: 'Ausgebildete Physiotherapeuten',
    text: 'Sie werden von Physiotherapeutinnen und Physiotherapeuten betreut – nicht von einem Programm.',
  },
  {
    icon: WebIcon,
    title: 'Ohne Installation',
    text: 'Sie brauchen nur einen aktuellen Browser mit Kamera und Mikrofon.',
  },
];
