import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface ShopCardProps {
  /** The package's name: the card's heading and its accessible name. */
  title: string;
  /** What the package holds and costs, below the heading. */
  children: ReactNode;
  /** The buy button. */
  action: ReactNode;
}

/** One package of a shop (subscriptions, credit) as an article of equal height in the shop's grid. */
export function ShopCard({ title, children, action }: ShopCardProps) {
  const titleId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
}

/** The allowances of a package, one line each ("2 × Befundtermin"). */
export function ShopCardLines({ lines }: { lines: readonly string[] }) {
  return (
    <List dense disablePadding>
      {lines.map((line) => (
        <ListItem key={line} disableGutters sx={{ py: 0 }}>
          {line}
        </ListItem>
      ))}
    </List>
  );
}
