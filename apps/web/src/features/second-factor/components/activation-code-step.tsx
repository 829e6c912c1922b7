import { LIMITS } from '@dihs/contract/common/constants';
import type { ActivationData } from '@dihs/contract/second-factor';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';

/** The code form of the two-factor dialogs. */
export interface CodeForm {
  token: string;
}

interface ActivationCodeStepProps {
  activation: ActivationData;
  control: Control<CodeForm>;
}

/** Step "scan and enter the code": the QR code, the key for manual entry and the 6-digit code field. */
export function ActivationCodeStep({ activation, control }: ActivationCodeStepProps) {
  return (
    <Box>
      <Typography gutterBottom>
        Scannen Sie den QR-Code mit Ihrer Authenticator-App (z. B. FreeOTP, Aegis oder Google Authenticator) oder geben
        Sie den Schlüssel von Hand ein. Geben Sie dann den 6-stelligen Code aus der App ein.
      </Typography>
      <Box
        component="img"
        src={activation.qrCode}
        alt="QR-Code für die Authenticator-App"
        sx={{ display: 'block', width: 200, height: 200, mx: 'auto', my: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        Schlüssel
      </Typography>
      <Typography
        data-testid="second-factor-key"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', letterSpacing: 1, overflowWrap: 'anywhere', mb: 1 }}
      >
        {activation.privateKey}
      </Typography>
      <FormTextField
        control={control}
        name="token"
        label="6-stelliger Code"
        parse={(text) => text.trim()}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: LIMITS.secondFactorCode } }}
      />
    </Box>
  );
}
