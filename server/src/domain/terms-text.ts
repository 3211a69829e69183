import type { DocumentSection } from './pdf-layout.ts';

// Terms of use per role, served at /tnc/{termsId}_{role}_en.pdf.

export type TermsRole = 'user' | 'agent' | 'admin';

export interface TermsBrand {
  productName: string;
  manufacturer: string;
}

const TERMS_FILE = /^([A-Za-z0-9.-]+)_(user|agent|admin)_en\.pdf$/;

export function termsDocumentName(termsId: string, role: TermsRole): string {
  return `${termsId}_${role}_en.pdf`;
}

/** The terms version and role a /tnc file name asks for, or null when it is not one. */
export function parseTermsDocumentName(fileName: string): { termsId: string; role: TermsRole } | null {
  const match = TERMS_FILE.exec(fileName);
  if (!match?.[1] || !match[2]) return null;
  return { termsId: match[1], role: match[2] as TermsRole };
}

function common({ productName, manufacturer }: TermsBrand): DocumentSection[] {
  return [
    {
      title: 'Scope',
      paragraphs: [
        `These terms govern the use of ${productName} (the "Portal"), operated by ${manufacturer} as data holder for connected vehicles and home chargers under Regulation (EU) 2023/2854 (the Data Act).`,
      ],
    },
    {
      title: 'Account and security',
      bullets: [
        'You keep your sign-in credentials confidential and tell us without delay if you suspect misuse.',
        'You do not attempt to access data, accounts or functions you are not entitled to, or to disrupt the Portal.',
      ],
    },
  ];
}

const closing = ({ manufacturer }: TermsBrand): DocumentSection[] => [
  {
    title: 'Changes to these terms',
    paragraphs: [
      'We may change these terms for legal, technical or security reasons. A new version takes effect when you accept it at your next sign-in; until then you cannot use the Portal.',
    ],
  },
  {
    title: 'Liability and law',
    paragraphs: [
      `${manufacturer} is liable without limitation for intent and gross negligence and for injury to life, body or health; otherwise only for breach of essential obligations and limited to foreseeable damage. Mandatory consumer protection law remains unaffected. These terms are governed by the law of the Member State in which ${manufacturer} has its registered office, without prejudice to mandatory rules of your country of residence.`,
    ],
  },
];

function roleSections(role: TermsRole, brand: TermsBrand): DocumentSection[] {
  if (role === 'user') {
    return [
      {
        title: 'Your data',
        bullets: [
          'You may access the data your products generate while data collection is switched on, free of charge, in a structured, commonly used and machine-readable format.',
          'You decide which products, and whether personal data, a data recipient receives. You may remove a recipient at any time; sharing then ends immediately.',
          'You only share personal data of other people (for example other drivers of your vehicle) where you are entitled to do so.',
        ],
      },
      {
        title: 'Data recipients',
        paragraphs: [
          `Data recipients are independent companies. ${brand.manufacturer} checks their registration but is not responsible for how they use the data; their own terms and privacy notices apply to that use.`,
        ],
      },
    ];
  }
  if (role === 'agent') {
    return [
      {
        title: 'Registration and eligibility',
        bullets: [
          'The information and documents you submit are complete and correct, and you keep them up to date.',
          'You are not a designated gatekeeper under Regulation (EU) 2022/1925 and are not subject to sanctions, unless you declared otherwise in your registration.',
        ],
      },
      {
        title: 'Use of shared data',
        bullets: [
          'You use data only for the purposes agreed with the user who shared it, delete it when that agreement ends, and do not use it to develop a competing product.',
          'You process personal data as an independent controller in compliance with the GDPR and keep it secure.',
          'You do not pass data to third parties except as agreed with the user, and never to a gatekeeper.',
          'Compensation for access follows the published Data Prices; for SMEs and non-profit research organisations it does not exceed the cost of making the data available.',
        ],
      },
      {
        title: 'Suspension',
        paragraphs: [
          'We may suspend a sharing or your access where there are concrete indications of misuse, a security risk or a breach of these terms, and will tell you the reasons.',
        ],
      },
    ];
  }
  return [
    {
      title: 'Administrative duties',
      bullets: [
        'You review company registrations on the basis of the documents supplied and record each decision.',
        'You suspend a sharing only for a documented reason (security, suspected misuse, legal order) and resume it once the reason no longer applies.',
        'You access personal data and uploaded documents only as far as needed for these duties, and keep them confidential.',
        'All administrative actions are logged and may be audited.',
      ],
    },
  ];
}

export function termsSections(role: TermsRole, brand: TermsBrand): DocumentSection[] {
  return [...common(brand), ...roleSections(role, brand), ...closing(brand)];
}

export const TERMS_ROLE_TITLES: Readonly<Record<TermsRole, string>> = {
  user: 'Terms of use for vehicle and charger owners',
  agent: 'Terms of use for data recipients',
  admin: 'Terms of use for administrators',
};
