import { profilEndpoints } from '@dihs/contract/profil';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import { useEndpointQuery } from '../lib/endpoint-query.ts';

/** GET /files/profilePhoto/{userId}: a data URL, since an <img> cannot send the bearer token. */
export const useProfilePhoto = (userId: number, enabled: boolean) =>
  useEndpointQuery(profilEndpoints.profilbild, { params: { userId } }, { enabled, staleTime: 5 * 60_000 });

interface ProfilePhotoProps {
  userId: number;
  /** Whether the profile has a photo; without one a neutral placeholder shows and nothing is fetched. */
  hasPhoto: boolean;
  /** The person's name, for the image's alternative text. */
  name: string;
  size?: number;
}

/** A profile photo (or a placeholder) in a circle. */
export function ProfilePhoto({ userId, hasPhoto, name, size = 120 }: ProfilePhotoProps) {
  const { data } = useProfilePhoto(userId, hasPhoto);
  return (
    <Avatar
      src={data}
      alt={data ? `Profilbild von ${name}` : undefined}
      sx={{ width: size, height: size, bgcolor: 'grey.300', color: 'grey.600' }}
    >
      <PersonIcon sx={{ fontSize: size * 0.6 }} aria-hidden />
    </Avatar>
  );
}
