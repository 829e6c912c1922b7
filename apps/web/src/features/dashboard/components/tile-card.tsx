import type { DashboardIcon } from '@dihs/contract/dashboard';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TileIcon } from './tile-icon.tsx';

export interface TileCardProps {
  icon: DashboardIcon;
  /** An app route, or an outside address (https://) that opens as a plain link. */
  link: string;
  /** Columns spanned where the grid has room. */
  span: number;
  titel: string;
  /** Opens an outside link in a new tab. */
  neuerTab?: boolean;
  /** Shown at the foot of the card as what the link does ("Sitzung beitreten"). */
  aktion?: string;
  children?: ReactNode;
}

/**
 * One cockpit tile: the whole card is one link, so each tile is one stop for the keyboard. The link is named by the
 * tile's title and described by its content, so a screen reader announces "Ihr Guthaben, Link" (or "Ihr nächster Termin Sitzung beitreten") and then the details.
 */
export function TileCard({ icon, link, span, titel, neuerTab = false, aktion, children }: TileCardProps) {
  const titleId = useId();
  const bodyId = useId();
  const aktionId = useId();
  const external = /^https?:\/\//.test(link);
  const linkProps = external
    ? { component: 'a' as const, href: link, ...(neuerTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }
    : { component: RouterLink, to: link };
  return (
    <Card component="li" variant="outlined" sx={{ gridColumn: `span ${span}`, display: 'flex', listStyle: 'none' }}>
      <CardActionArea
        {...linkProps}
        nativeButton={false}
        aria-labelledby={aktion ? `${titleId} ${aktionId}` : titleId}
        aria-describedby={bodyId}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', height: '100%' }}
      >
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <TileIcon icon={icon} />
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
              {titel}
            </Typography>
          </Box>
          <Box id={bodyId} sx={{ flexGrow: 1 }}>
            {children}
          </Box>
          {aktion && (
            <Typography id={aktionId} component="span" sx={{ color: 'primary.main', fontWeight: 500 }}>
              {aktion} <span aria-hidden="true">›</span>
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
