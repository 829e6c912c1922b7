import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { findFirma } from './firma.repository.ts';

/**
 * The cockpit's company tile for a company's patient: name, logo and the company's link. A company without a link
 * leads to the appointment plan, where its company appointments are offered.
 */
export async function firmaDashboardTiles(db: Database, patient: DashboardPatient): Promise<DashboardTile[]> {
  if (patient.firmaId === null) return [];
  const firma = await findFirma(db, patient.firmaId);
  if (!firma) return [];
  // logo and link count only while the company shows its logo (as on the profile's company line)
  const logoLink = firma.hatLogo ? firma.logoLink : null;
  return [
    {
      kind: 'firma',
      id: 'firma',
      icon: 'firma',
      link: logoLink ?? ROUTES.patientTermine.path,
      size: 1,
      bezeichner: firma.bezeichner,
      logoPath: firma.hatLogo ? firma.logoPath : null,
      neuerTab: firma.linkTarget && logoLink !== null,
    },
  ];
}
