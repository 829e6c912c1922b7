import { FEEDBACK_LIMITS, FEEDBACK_TEXTS, feedbackBodySchema } from '@dihs/contract/feedback';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { useSendFeedback } from '../api/send-feedback.ts';

type Field = 'email' | 'feedback';

function fieldErrors(form: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of feedbackBodySchema.safeParse(form).error?.issues ?? []) {
    errors[issue.path[0] as Field] ??= issue.message;
  }
  return errors;
}

/** The feedback form below the contact page (spec 3 "Feedback form"): e-mail optional, feedback required. */
export function FeedbackForm() {
  const headingId = useId();
  const [form, setForm] = useState<Record<Field, string>>({ email: '', feedback: '' });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const send = useSendFeedback();

  const errors = fieldErrors(form);
  const valid = Object.keys(errors).length === 0;
  const shown = (field: Field) => (touched.has(field) ? errors[field] : undefined);
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));
  const setText = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    touch(field);
    if (!send.isIdle) send.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || send.isPending) return;
    send.mutate(form, {
      onSuccess: () => {
        setForm({ email: '', feedback: '' });
        setTouched(new Set());
      },
    });
  }

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 }, mt: 4 }}
    >
      <Typography id={headingId} variant="h2" component="h2" gutterBottom>
        Feedback
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Ihre Nachricht geht an das Team der Plattform. Mit einer E-Mail-Adresse können wir Ihnen antworten.
      </Typography>
      <CountedTextField
        label="E-Mail"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={setText('email')}
        onBlur={() => touch('email')}
        max={FEEDBACK_LIMITS.email}
        error={shown('email')}
      />
      <CountedTextField
        label="Feedback"
        required
        multiline
        minRows={5}
        value={form.feedback}
        onChange={setText('feedback')}
        onBlur={() => touch('feedback')}
        max={FEEDBACK_LIMITS.feedback}
        error={shown('feedback')}
      />
      <Box role="status" sx={{ mt: 2, '&:empty': { display: 'none' } }}>
        {send.isSuccess && <Alert severity="success">{FEEDBACK_TEXTS.erfolg}</Alert>}
        {send.isError && <Alert severity="error">{FEEDBACK_TEXTS.fehler}</Alert>}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!valid} loading={send.isPending}>
          Feedback senden
        </Button>
      </Box>
    </Paper>
  );
}
