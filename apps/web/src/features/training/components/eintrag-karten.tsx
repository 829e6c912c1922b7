import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

export interface EintragKarte {
  id: number;
  titel: string;
  dauer: number;
  anzahl: number;
  pause: number;
  wiederholungen: number;
  information: string;
}

interface EintragKartenProps<T extends EintragKarte> {
  eintraege: readonly T[];
  /** Set for a plan: the cards can be dragged (mouse, touch, keyboard); called with the new position from 1. */
  onMove?: (eintrag: T, position: number) => void;
  onEdit: (eintrag: T) => void;
  onRemove: (eintrag: T) => void;
  /** More about an entry below its numbers (the adherence of the last 14 days). */
  extra?: (eintrag: T) => ReactNode;
}

/** "Dauer 60 s · Anzahl 10 · Sätze 3 · Pause 30 s". */
export const eintragZahlen = (e: Pick<EintragKarte, 'dauer' | 'anzahl' | 'wiederholungen' | 'pause'>) =>
  `Dauer ${e.dauer} s · Anzahl ${e.anzahl} · Sätze ${e.wiederholungen} · Pause ${e.pause} s`;

// What a screen reader hears while an entry is moved (dnd-kit's defaults are English).
const instructions = {
  draggable:
    'Zum Verschieben Leertaste oder Eingabetaste drücken, mit den Pfeiltasten bewegen, mit Leertaste oder Eingabetaste ablegen, mit Escape abbrechen.',
};

function announcements(titel: (id: unknown) => string, position: (id: unknown) => number): Announcements {
  return {
    onDragStart: ({ active }) => `${titel(active.id)} aufgenommen, Position ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titel(active.id)} über Position ${position(over.id)}.` : `${titel(active.id)} außerhalb der Liste.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titel(active.id)} an Position ${position(over.id)} abgelegt.` : `${titel(active.id)} abgelegt.`,
    onDragCancel: ({ active }) => `Verschieben von ${titel(active.id)} abgebrochen.`,
  };
}

function Karte<T extends EintragKarte>({
  eintrag,
  position,
  sortable,
  onEdit,
  onRemove,
  extra,
}: {
  eintrag: T;
  position: number;
  sortable: boolean;
} & Pick<EintragKartenProps<T>, 'onEdit' | 'onRemove' | 'extra'>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: eintrag.id,
    disabled: !sortable,
  });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ opacity: isDragging ? 0.6 : 1, zIndex: isDragging ? 1 : 'auto', position: 'relative' }}
      data-testid="plan-karte"
    >
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pb: 0 }}>
          {sortable && (
            <IconButton
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`${eintrag.titel} verschieben (Position ${position})`}
              sx={{ cursor: 'grab', touchAction: 'none' }}
            >
              <DragIndicatorIcon />
            </IconButton>
          )}
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>
              {position}. {eintrag.titel}
            </Typography>
            <Typography variant="body2">{eintragZahlen(eintrag)}</Typography>
            {eintrag.information && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {eintrag.information}
              </Typography>
            )}
            {extra?.(eintrag)}
          </Box>
        </CardContent>
        <CardActions>
          <Button size="small" onClick={() => onEdit(eintrag)} aria-label={`${eintrag.titel} bearbeiten`}>
            Bearbeiten
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => onRemove(eintrag)}
            aria-label={`${eintrag.titel} entfernen`}
          >
            Entfernen
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}

/**
 * The cards of a plan or template. With onMove they are sortable by dragging and by keyboard (dnd-kit): the new
 * order shows at once and the server sets the positions from 1.
 */
export function EintragKarten<T extends EintragKarte>({
  eintraege,
  onMove,
  onEdit,
  onRemove,
  extra,
}: EintragKartenProps<T>) {
  // the order after a move shows at once; the server's answer (a new list) replaces it
  const [moved, setMoved] = useState<{ from: readonly T[]; order: readonly T[] } | null>(null);
  const order = moved && moved.from === eintraege ? moved.order : eintraege;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titel = (id: unknown) => order.find((e) => e.id === id)?.titel ?? '';
  const position = (id: unknown) => order.findIndex((e) => e.id === id) + 1;

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id || !onMove) return;
    const from = order.findIndex((e) => e.id === active.id);
    const to = order.findIndex((e) => e.id === over.id);
    if (from < 0 || to < 0) return;
    setMoved({ from: eintraege, order: arrayMove([...order], from, to) });
    onMove(order[from]!, to + 1);
  }

  const list = (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Übungen im Plan">
      {order.map((eintrag, index) => (
        <Karte
          key={eintrag.id}
          eintrag={eintrag}
          position={index + 1}
          sortable={!!onMove}
          onEdit={onEdit}
          onRemove={onRemove}
          extra={extra}
        />
      ))}
    </Stack>
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements: announcements(titel, position), screenReaderInstructions: instructions }}
    >
      <SortableContext items={order.map((e) => e.id)} strategy={verticalListSortingStrategy}>
        {list}
      </SortableContext>
    </DndContext>
  );
}
