import { INHALT_LIMITS } from '@dihs/contract/inhalt';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState, type ReactNode } from 'react';
import { UrlPromptDialog } from './url-prompt-dialog.tsx';

/** Link targets the server keeps (sanitize-html's allowed schemes) and pages of our own site. */
const LINK_TARGET = /^(https?:\/\/\S+|mailto:\S+|tel:[0-9+ ()/-]+|\/(?!\/)\S*)$/i;
/** Images only from our own site: the CSP loads nothing from elsewhere. */
const IMAGE_SOURCE = /^\/(?!\/)\S+$/;

const validateLink = (url: string) =>
  url === ''
    ? 'Bitte eine Adresse eingeben.'
    : LINK_TARGET.test(url)
      ? undefined
      : 'Die Adresse muss mit https://, http://, mailto:, tel: oder / beginnen.';
const validateImage = (url: string) =>
  IMAGE_SOURCE.test(url) ? undefined : 'Das Bild muss eine Datei dieser Seite sein und mit / beginnen.';

interface ToolProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, active = false, disabled = false, onClick, children }: ToolProps) {
  return (
    <ToggleButton
      value={label}
      size="small"
      aria-label={label}
      title={label}
      selected={active}
      disabled={disabled}
      onChange={onClick}
      sx={{ border: 0, minWidth: 40 }}
    >
      {children}
    </ToggleButton>
  );
}

function Toolbar({ editor, onLink, onImage }: { editor: Editor; onLink: () => void; onImage: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box
      role="toolbar"
      aria-label="Textformatierung"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tool label="Überschrift 2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          H2
        </Typography>
      </Tool>
      <Tool label="Überschrift 3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          H3
        </Typography>
      </Tool>
      <Divider orientation="vertical" flexItem />
      <Tool label="Fett" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon />
      </Tool>
      <Tool label="Kursiv" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon />
      </Tool>
      <Divider orientation="vertical" flexItem />
      <Tool label="Aufzählung" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon />
      </Tool>
      <Tool label="Nummerierte Liste" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon />
      </Tool>
      <Divider orientation="vertical" flexItem />
      <Tool label="Link" active={state.link} onClick={onLink}>
        <LinkIcon />
      </Tool>
      <Tool label="Bild einfügen" onClick={onImage}>
        <ImageIcon />
      </Tool>
    </Box>
  );
}

interface RichTextEditorProps {
  label: string;
  /** The HTML to start with; later changes of the prop are not applied (mount the editor per page). */
  initialHtml: string;
  onChange: (html: string) => void;
}

/**
 * The TipTap rich-text editor of content pages (spec 3, sections 2 and 9: height 800) with a toolbar for headings,
 * bold, italic, lists, links and images. It writes only tags the server's allow-list keeps; the server sanitizes
 * anyway.
 */
export function RichTextEditor({ label, initialHtml, onChange }: RichTextEditorProps) {
  const labelId = useId();
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'inhalt-editor',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  return (
    <Box>
      <Typography id={labelId} component="div" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        <Toolbar editor={editor} onLink={() => setDialog('link')} onImage={() => setDialog('image')} />
        <Box
          sx={{
            height: INHALT_LIMITS.editorHoehe,
            overflowY: 'auto',
            px: 2,
            '& .inhalt-editor': { minHeight: '100%', outline: 'none', py: 1 },
            '& .inhalt-editor:focus-visible': {
              boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.secondary.main}`,
            },
            '& img': { maxWidth: '100%', height: 'auto' },
            '& a': { color: 'secondary.dark' },
          }}
        >
          <EditorContent editor={editor} style={{ height: '100%' }} />
        </Box>
      </Box>
      {dialog === 'link' && (
        <UrlPromptDialog
          title="Link"
          urlLabel="Adresse"
          initialUrl={(editor.getAttributes('link').href as string | undefined) ?? ''}
          validate={validateLink}
          removeLabel="Link entfernen"
          onSubmit={({ url }) => {
            editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
            setDialog(null);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'image' && (
        <UrlPromptDialog
          title="Bild einfügen"
          urlLabel="Bildadresse"
          textLabel="Alternativtext"
          initialUrl=""
          validate={validateImage}
          onSubmit={({ url, text }) => {
            editor.chain().focus().setImage({ src: url, alt: text }).run();
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
