import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

export type ButtonLinkProps = Omit<ButtonProps<typeof RouterLink>, 'component' | 'nativeButton'>;

/** A button-styled link to an app route: keeps the link role, navigates without a reload. */
export function ButtonLink(props: ButtonLinkProps) {
  // MUI 9 must be told that the root is an <a>, or it adds button semantics to it
  return <Button {...props} component={RouterLink} nativeButton={false} />;
}
