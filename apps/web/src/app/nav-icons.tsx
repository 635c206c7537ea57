import type { NavArea } from '@apothecall/domain/navigation/role-navigation.rules';

/**
 * The navigation's icons: a few outline strokes each (24 px grid, drawn in currentColor), so the
 * shell needs no icon package. Decorative: each sits beside its text label.
 */
const paths: Record<NavArea, readonly string[]> = {
  home: ['M5 12H3l9-9 9 9h-2', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7', 'M9 21v-6h6v6'],
  care: [
    'M6 4H5a2 2 0 0 0-2 2v3.5a5.5 5.5 0 0 0 11 0V6a2 2 0 0 0-2-2h-1',
    'M8 15a6 6 0 1 0 12 0v-3',
    'M20 10a2 2 0 1 0 0 .01',
  ],
  // A pill bottle (patient) and a clipboard with a check (prescriber).
  rxVisits: ['M5 7h14v3H5z', 'M7 10v9a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2v-9', 'M12 13v5M9.5 15.5h5'],
  rxReviews: [
    'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2',
    'M9 3h6v4H9z',
    'M9 14l2 2l4-4',
  ],
  appointments: [
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z',
    'M16 3v4M8 3v4M4 11h16',
  ],
  notes: ['M5 3h10l4 4v14H5z', 'M9 9h1M9 13h6M9 17h6'],
  docs: [
    'M14 3v4a1 1 0 0 0 1 1h4',
    'M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z',
  ],
  payments: [
    'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z',
    'M3 10h18M7 15h.01M11 15h2',
  ],
  profile: ['M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2'],
  clinic: ['M3 21h18M5 21V7l8-4v18M19 21V11l-6-4', 'M9 9v.01M9 12v.01M9 15v.01M9 18v.01'],
  prescriptions: ['M4.5 12.5l8-8a4.95 4.95 0 1 1 7 7l-8 8a4.95 4.95 0 1 1-7-7', 'M8.5 8.5l7 7'],
  // A clipboard with a cross: the pharmacy's in-store assessment.
  assessment: [
    'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2',
    'M9 3h6v4H9z',
    'M12 11v6M9 14h6',
  ],
  // An envelope: the pharmacy's e-mail inbox.
  inbox: ['M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M3 7l9 6l9-6'],
  // A bar chart: the pharmacy's analytics.
  analytics: ['M3 21h18', 'M6 17v-6', 'M11 17V7', 'M16 17v-4', 'M20 17V4'],
  // An address card: the pharmacy's customers (CRM).
  crm: [
    'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
    'M7 10a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
    'M15 8h2M15 12h2M7 16h10',
  ],
  links: [
    'M9 15l6-6',
    'M11 6l.46-.54a5 5 0 0 1 7.07 7.07L18 13',
    'M13 18l-.4.53a5.07 5.07 0 0 1-7.12 0a4.97 4.97 0 0 1 0-7.07L6 11',
  ],
  // A person and a plus: the pharmacy's pharmacists (invited here).
  pharmacists: [
    'M4 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
    'M2 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
    'M18 8v6M15 11h6',
  ],
  programs: [
    'M3 8h18v4H3z',
    'M12 8v13',
    'M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7',
    'M7.5 8a2.5 2.5 0 0 1 0-5A4.8 8 0 0 1 12 8a4.8 8 0 0 1 4.5-5a2.5 2.5 0 0 1 0 5',
  ],
  referred: [
    'M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
    'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
    'M16 3.13a4 4 0 0 1 0 7.75',
    'M21 21v-2a4 4 0 0 0-3-3.85',
  ],
  rxAdmin: [
    'M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21A12 12 0 0 1 3.5 6A12 12 0 0 0 12 3',
    'M9 12l2 2l4-4',
  ],
};

/** Three dots: the "More" entry (app-navigation.tsx). */
const morePath = ['M5 12h.01', 'M12 12h.01', 'M19 12h.01'];

export function NavIcon({ area }: { area: NavArea | 'more' }) {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={area === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {(area === 'more' ? morePath : paths[area]).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
