import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { leavePage } from '../lib/leave-page.ts';
import { MessageDialog } from './message-dialog.tsx';
import { ShopGrid, type ShopGridProps } from './shop-grid.tsx';

interface ShopPageProps<T> {
  /** The page's heading. */
  title: string;
  /** What stands between the heading and the cards (the balance, the running subscription). */
  children?: ReactNode;
  /** The packages and the grid's loading, error and empty texts. */
  grid: Omit<ShopGridProps<T>, 'children'>;
  /** One package's card; `choose` opens the purchase dialog for it. */
  card: (item: T, choose: (item: T) => void) => ReactNode;
  /** The purchase dialog: its title, what it says of the chosen package, the buy button's name. */
  dialogTitle: string;
  describe: (item: T) => ReactNode;
  buyLabel: string;
  /** The title of the dialog that says why an order was refused. */
  failureTitle: string;
  /** Places the order: the payment page's address, or '' when nothing is to be paid. */
  order: (item: T) => Promise<string>;
  /** After an order with nothing to pay. */
  onNothingToPay?: () => void;
}

/**
 * A shop of spec 2 (subscriptions, credit): the packages as cards; choosing one asks "Weiter zum Bezahlvorgang …"
 * with the package, "Abbrechen" and the buy button, which places the order and sends the browser to the payment
 * page (the dialog stays busy until the browser has left). A refused order is said in a dialog with the server's
 * reason.
 */
export function ShopPage<T>({
  title,
  children,
  grid,
  card,
  dialogTitle,
  describe,
  buyLabel,
  failureTitle,
  order,
  onNothingToPay,
}: ShopPageProps<T>) {
  const titleId = useId();
  const textId = useId();
  const [chosen, setChosen] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function buy(item: T) {
    if (pending) return;
    setPending(true);
    order(item).then(
      (url) => {
        if (url) {
          leavePage(url);
          return;
        }
        setPending(false);
        setChosen(null);
        onNothingToPay?.();
      },
      (error: unknown) => {
        setPending(false);
        setChosen(null);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
      <ShopGrid {...grid}>{(item) => card(item, setChosen)}</ShopGrid>
      <Dialog
        open={chosen !== null}
        onClose={pending ? undefined : () => setChosen(null)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{dialogTitle}</DialogTitle>
        <DialogContent id={textId}>{chosen !== null && describe(chosen)}</DialogContent>
        <DialogActions>
          <Button onClick={() => setChosen(null)} disabled={pending}>
            Abbrechen
          </Button>
          <Button variant="contained" loading={pending} onClick={() => chosen !== null && buy(chosen)} autoFocus>
            {buyLabel}
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={failure !== null}
        title={failureTitle}
        text={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </Container>
  );
}
