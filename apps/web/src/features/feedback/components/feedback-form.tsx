import { FEEDBACK_LIMITS, FEEDBACK_TEXTS, feedbackBodySchema } from '@dihs/contract/feedback';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useSendFeedback } from '../api/send-feedback.ts';

/** The feedback form below the contact page (spec 3 "Feedback form"): e-mail optional, feedback required. */
export function FeedbackForm() {
  const headingId = useId();
  const send = useSendFeedback();
  const { control, handleSubmit, formState, reset } = useContractForm(
    feedbackBodySchema,
    { email: '', feedback: '' },
    {
      onEdit: () => {
        if (!send.isIdle) send.reset();
      },
    },
  );

  const submit = handleSubmit((form) => {
    if (!send.isPending) send.mutate(form, { onSuccess: () => reset() });
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 }, mt: 4 }}
    >
      <Typography id={headingId} variant="h2" component="h2" gutterBottom>
        Feedback
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Ihre Nachricht geht an das Team der Plattform. Mit einer E-Mail-Adresse können wir Ihnen antworten.
      </Typography>
      <FormTextField
        control={control}
        name="email"
        label="E-Mail"
        type="email"
        autoComplete="email"
        max={FEEDBACK_LIMITS.email}
      />
      <FormTextField
        control={control}
        name="feedback"
        label="Feedback"
        required
        multiline
        minRows={5}
        max={FEEDBACK_LIMITS.feedback}
      />
      <Box role="status" sx={{ mt: 2, '&:empty': { display: 'none' } }}>
        {send.isSuccess && <Alert severity="success">{FEEDBACK_TEXTS.erfolg}</Alert>}
        {send.isError && <Alert severity="error">{FEEDBACK_TEXTS.fehler}</Alert>}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!formState.isValid} loading={send.isPending}>
          Feedback senden
        </Button>
      </Box>
    </Paper>
  );
}
