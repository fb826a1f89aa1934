import { UserProfilePage } from '@/components/settings/user-profile-page';

export const metadata = { title: 'Profile · Cadence' };

export default function Profile() {
  return <UserProfilePage />;
}
