/** The accessible name of the server menu, the same in the top bar and in the drawer. */
export const NAVIGATION_LABEL = 'Hauptmenü';
