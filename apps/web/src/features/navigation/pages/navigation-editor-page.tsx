import { pageTitelRule } from '@dihs/contract/inhalt';
import {
  NAVIGATION_TEXTS,
  type NavigationEdit,
  type NavigationNode,
  type PageToDelete,
} from '@dihs/contract/navigation';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useBlocker } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useSaveNotice } from '../../../components/save-notice.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { refreshMenu, reloadNavigation, useNavigationEdit, useSaveNavigation } from '../api/navigation-edit.ts';
import { useDisposePages } from '../api/trash.ts';
import { DeletePagesDialog } from '../components/delete-pages-dialog.tsx';
import { NavigationTreeView } from '../components/navigation-tree-view.tsx';
import { NewNodeDialog, type NewNodeValues } from '../components/new-node-dialog.tsx';
import { NodeOptions } from '../components/node-options.tsx';
import { TrashPanel } from '../components/trash-panel.tsx';
import {
  addNode,
  changeParent,
  deleteNode,
  insertionParent,
  locate,
  moveNode,
  newPageUrls,
  renameNode,
  type NodeId,
} from '../tree-edit.ts';

interface Draft {
  version: number;
  baum: NavigationNode[];
  belegteUrls: string[];
  /** The next temporary id is n{counter}. */
  counter: number;
  dirty: boolean;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'confirm'; pages: PageToDelete[] }
  | { kind: 'success' }
  | { kind: 'error'; text: string; reload: boolean };

const draftOf = (data: NavigationEdit): Draft => ({ ...data, counter: 1, dirty: false });

const allTitlesValid = (nodes: readonly NavigationNode[]): boolean =>
  nodes.every((node) => pageTitelRule.safeParse(node.titel).success && allTitlesValid(node.kinder ?? []));

/**
 * /navigation: the navigation editor (spec 3 "Navigation editor"). The tree on the left, the selected node's
 * options on the right; every edit stays local until Speichern, which sends the whole tree with the version it
 * was loaded at.
 */
export function NavigationEditorPage() {
  const queryClient = useQueryClient();
  const query = useNavigationEdit();
  const save = useSaveNavigation();
  const dispose = useDisposePages();
  const [loaded, setLoaded] = useState<NavigationEdit | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [selected, setSelected] = useState<NodeId | null>(null);
  const [creating, setCreating] = useState<'seite' | 'menue' | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const leaveTitleId = useId();
  const notify = useSaveNotice();

  // a (re)loaded tree replaces the local edits
  if (query.data !== loaded) {
    setLoaded(query.data);
    setDraft(query.data ? draftOf(query.data) : null);
    setSelected(null);
  }
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => Boolean(draft?.dirty) && currentLocation.pathname !== nextLocation.pathname,
  );

  if (query.isError && !draft) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h1" gutterBottom>
          Navigation editieren
        </Typography>
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Erneut laden</Button>}>
          Der Menübaum konnte nicht geladen werden.
        </Alert>
      </Container>
    );
  }
  if (!draft) return <LoadingIndicator label="Menübaum wird geladen" />;

  /** Reloads the tree from the server and flags the menu in the top bar as changed. */
  const reload = () => reloadNavigation(queryClient);
  const edit = (change: (baum: NavigationNode[]) => NavigationNode[]) =>
    setDraft((current) => (current ? { ...current, baum: change(current.baum), dirty: true } : current));

  const found = selected === null ? undefined : locate(draft.baum, selected);
  const target = insertionParent(draft.baum, found ? selected : null);
  const targetLabel = !target
    ? ''
    : target.id === null
      ? 'Oberste Ebene'
      : (locate(draft.baum, target.id)?.node.titel ?? 'Oberste Ebene');
  const takenUrls = new Set([...draft.belegteUrls.map((url) => url.toLowerCase()), ...newPageUrls(draft.baum)]);
  const valid = allTitlesValid(draft.baum);

  function create(values: NewNodeValues) {
    if (!draft || !target || !creating) return;
    const id = `n${draft.counter}`;
    const node: NavigationNode =
      creating === 'seite'
        ? {
            id,
            titel: values.titel,
            type: 'eintrag',
            aktiv: true,
            toCreate: true,
            urlDto: { urlType: 'SEITE', ziel: values.url, statisch: false },
          }
        : { id, titel: values.titel, type: 'menue', kinder: [], toCreate: true };
    setDraft({ ...draft, baum: addNode(draft.baum, target.id, node), counter: draft.counter + 1, dirty: true });
    setSelected(id);
    setCreating(null);
    // the node is in the tree, chosen and marked "neu"; the snackbar says that the server has it only after Speichern
    notify({
      text:
        creating === 'seite'
          ? `Seite „${values.titel}“ wurde in „${targetLabel}“ angelegt. Gespeichert wird sie mit „Speichern“.`
          : `Menü „${values.titel}“ wurde in „${targetLabel}“ angelegt. Gespeichert wird es mit „Speichern“.`,
    });
  }

  function submit() {
    if (!draft || !valid) return;
    save.mutate(
      { version: draft.version, baum: draft.baum },
      {
        onSuccess: (pages) => {
          void refreshMenu(queryClient);
          setPhase(pages.length === 0 ? { kind: 'success' } : { kind: 'confirm', pages });
        },
        onError: (error) => {
          // a conflict needs the newer tree; other failures keep the edits for another try
          if (isApiError(error, 409)) setPhase({ kind: 'error', text: error.message, reload: true });
          else if (isApiError(error, 400)) {
            setPhase({ kind: 'error', text: `${NAVIGATION_TEXTS.fehlerText} ${error.message}`, reload: false });
          } else setPhase({ kind: 'error', text: NAVIGATION_TEXTS.fehlerText, reload: false });
        },
      },
    );
  }

  function choose(pages: PageToDelete[], final: boolean) {
    dispose.mutate(
      { ids: pages.map((page) => page.id), final },
      {
        onSuccess: () => setPhase({ kind: 'success' }),
        onError: () => setPhase({ kind: 'error', text: NAVIGATION_TEXTS.fehlerText, reload: true }),
      },
    );
  }

  function closeDialog() {
    const needsReload = phase.kind !== 'error' || phase.reload;
    setPhase({ kind: 'idle' });
    if (needsReload) void reload();
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom>
        Navigation editieren
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Button variant="contained" onClick={submit} disabled={!valid} loading={save.isPending}>
          Speichern
        </Button>
        <Button variant="outlined" onClick={() => void reload()} disabled={save.isPending}>
          Abbrechen
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<AddIcon />} onClick={() => setCreating('seite')} disabled={!target}>
          Neue Seite erstellen
        </Button>
        <Button startIcon={<CreateNewFolderOutlinedIcon />} onClick={() => setCreating('menue')} disabled={!target}>
          Neues Menü erstellen
        </Button>
      </Box>
      <Box role="status" sx={{ mb: 2, minHeight: 24 }}>
        <Typography variant="body2" color={draft.dirty ? 'warning.dark' : 'text.secondary'}>
          {draft.dirty
            ? 'Ungespeicherte Änderungen: erst „Speichern“ übernimmt sie.'
            : 'Alle Änderungen bleiben lokal, bis Sie speichern.'}
          {target
            ? ` Neue Einträge kommen in: ${targetLabel}.`
            : ' Unter dem gewählten Eintrag ist keine weitere Ebene möglich (höchstens drei Ebenen).'}
          {!valid && ' Jeder Eintrag braucht einen Titel.'}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' } }}>
        <Paper variant="outlined" sx={{ p: 1, alignSelf: 'start' }}>
          <NavigationTreeView nodes={draft.baum} selected={selected} onSelect={setSelected} label="Menübaum" />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, alignSelf: 'start' }}>
          {found ? (
            <NodeOptions
              tree={draft.baum}
              loaded={loaded?.baum ?? draft.baum}
              found={found}
              dirty={draft.dirty}
              onRename={(titel) => edit((baum) => renameNode(baum, found.node.id, titel))}
              onMove={(delta) => edit((baum) => moveNode(baum, found.node.id, delta))}
              onChangeParent={(parentId) => edit((baum) => changeParent(baum, found.node.id, parentId))}
              onDelete={() => {
                edit((baum) => deleteNode(baum, found.node.id, loaded?.baum ?? baum));
                setSelected(null);
              }}
            />
          ) : (
            <Typography color="text.secondary">Wählen Sie links einen Eintrag, um seine Optionen zu sehen.</Typography>
          )}
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
        <TrashPanel dirty={draft.dirty} />
      </Paper>

      {creating && target && (
        <NewNodeDialog
          kind={creating}
          targetLabel={targetLabel}
          takenUrls={takenUrls}
          onCreate={create}
          onClose={() => setCreating(null)}
        />
      )}
      {phase.kind === 'confirm' && (
        <DeletePagesDialog
          pages={phase.pages}
          busy={dispose.isPending}
          onChoose={(final) => choose(phase.pages, final)}
          onClose={closeDialog}
        />
      )}
      <MessageDialog
        open={phase.kind === 'success'}
        title={NAVIGATION_TEXTS.erfolgTitel}
        text={NAVIGATION_TEXTS.erfolgText}
        onClose={closeDialog}
      />
      <MessageDialog
        open={phase.kind === 'error'}
        title={NAVIGATION_TEXTS.fehlerTitel}
        text={phase.kind === 'error' ? phase.text : ''}
        onClose={closeDialog}
      />
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby={leaveTitleId}>
        <DialogTitle id={leaveTitleId}>Änderungen verwerfen?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Das Menü hat ungespeicherte Änderungen. Beim Verlassen gehen sie verloren.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} autoFocus>
            Bleiben
          </Button>
          <Button color="error" onClick={() => blocker.proceed?.()}>
            Verwerfen
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
