import type { DashboardIcon } from '@dihs/contract/dashboard';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import ChatIcon from '@mui/icons-material/Chat';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import InfoIcon from '@mui/icons-material/Info';
import LinkIcon from '@mui/icons-material/Link';
import SavingsIcon from '@mui/icons-material/Savings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import VideocamIcon from '@mui/icons-material/Videocam';
import WavingHandIcon from '@mui/icons-material/WavingHand';

const ICONS: Record<DashboardIcon, typeof InfoIcon> = {
  gruss: WavingHandIcon,
  uhr: AccessTimeIcon,
  termin: EventIcon,
  video: VideocamIcon,
  warenkorb: ShoppingCartIcon,
  guthaben: SavingsIcon,
  abo: CardMembershipIcon,
  firma: BusinessIcon,
  training: FitnessCenterIcon,
  aufgabe: AssignmentIcon,
  info: InfoIcon,
  kontakt: ChatIcon,
  dokument: DescriptionIcon,
  link: LinkIcon,
};

/** The tile's symbol; decorative, the tile's title names it. */
export function TileIcon({ icon }: { icon: DashboardIcon }) {
  const Icon = ICONS[icon];
  return <Icon color="secondary" aria-hidden="true" />;
}
