/** The EA personnel form's limits, for the page (ea-personnel.ts checks them on the server). */
export const EA_PERSONNEL_NAME_MAX = 80;
