import type { DocumentSection } from './pdf-layout.ts';

// The user guide served at /manuals, for vehicle and charger owners and for companies.

export interface GuideBrand {
  productName: string;
  supportEmail: string;
}

export function ownerSections({ productName }: GuideBrand): DocumentSection[] {
  return [
    {
      title: 'Signing in',
      paragraphs: [
        `${productName} gives you access to the data your connected vehicle and home charger generate, and lets you share it with companies of your choice, as the EU Data Act provides. Sign in with the same account you use for the manufacturer's other services.`,
        'The first time you sign in, and whenever the terms of use change, you are asked to accept the current terms. Choosing Cancel signs you out; nothing is shared until you accept.',
      ],
    },
    {
      title: 'Your products',
      paragraphs: [
        'The Products page lists your vehicles (identified by their vehicle identification number) and your home chargers (identified by their serial number), with the model or name you know them by.',
      ],
      bullets: [
        'Each product has a data sharing switch. A confirmation appears before every change, and the change may take a moment to apply.',
        'While a download is being prepared, the switches are locked so the data being exported does not change underneath it.',
        'A vehicle whose data collection is off shows only the first three characters of its identification number to companies.',
      ],
    },
    {
      title: 'Data collection',
      paragraphs: [
        'Data is collected only while collection is switched on for a product. Only data generated after enabling is included: switching collection on does not make earlier data available, and switching it off stops collection at once.',
        'Collection can be switched on and off as often as you like; each download covers exactly the periods in which collection was on.',
      ],
    },
    {
      title: 'Downloading your data',
      bullets: [
        'Use the download button of a product for that product alone, or Download all for every product with collection on.',
        'The button shows a spinner while the files are prepared. The list refreshes on its own; when the files are ready, click again to download a zip file.',
        'The zip holds a CSV file and a JSON file per product, a data dictionary describing every field, and a manifest listing the time windows covered, record counts, whether personal data is included, and a SHA-256 checksum for every file.',
        'Downloading your own data is free of charge. If a download fails, try again later or contact support.',
      ],
    },
    {
      title: 'Inviting a company (data recipient)',
      paragraphs: [
        'On the Data recipients page, choose Invite to start the invitation wizard. Choose which products to share and, per product, whether personal data may be included. The wizard then shows an access code and a link.',
      ],
      bullets: [
        'Give the code or the link to the company you want to share with. Codes are single-use and expire after 14 days.',
        'Codes are written in groups of four characters; letters O, I and L are read as 0, 1 and 1, so typing mistakes are forgiven.',
        'Until a company uses it, the invitation is listed under Invitations, where you can copy the link again or delete it. A deleted link stops working at once.',
      ],
    },
    {
      title: 'Accepting, declining and removing companies',
      bullets: [
        'When a company redeems your code, it appears under Agents as pending. Nothing is shared until you accept.',
        'View permissions shows exactly which products and which kinds of data the company will receive.',
        'Accept starts the sharing; Decline refuses it. Remove ends an active sharing immediately.',
        'An administrator may put a sharing on hold, for example while a complaint is investigated. It is then shown as paused and no data flows until it is resumed.',
      ],
    },
    {
      title: 'Permissions and personal data',
      paragraphs: [
        'Data that identifies or locates a person (a vehicle\u2019s position, a charging card number) is personal data. It reaches a company only for the products where you chose to include personal data. The server enforces this: fields you did not share are left out of every file the company receives, not merely hidden on screen.',
      ],
    },
  ];
}

export function companySections({ productName, supportEmail }: GuideBrand): DocumentSection[] {
  return [
    {
      title: 'Registering your company',
      paragraphs: [
        `Companies that want to receive data through ${productName} register once. Sign in, open the registration page and fill in the legal name, commercial name, VAT number, country and, optionally, your website, the company type, the sanctions-list and gatekeeper declarations, and your authorised representative.`,
      ],
    },
    {
      title: 'Supporting documents',
      bullets: [
        'Upload a registry extract, a domain certificate, the evidence of your authorised representative and, for small and medium-sized enterprises, a confirmation of size.',
        'Files must be PDF or PNG, at most 5 MB each and at most 3 per section. You can remove a file and upload another until you submit.',
        `After you submit, the registration is reviewed. You are told when it is approved or rejected; questions about a review go to ${supportEmail}.`,
      ],
    },
    {
      title: 'Redeeming access codes',
      bullets: [
        'An owner gives you an access code or a link. Enter the code under Connected users, or open the link while signed in.',
        'A wrong, expired or already used code gives the same message. Repeated wrong attempts are slowed down.',
        'After redeeming, the connection is pending until the owner accepts it.',
      ],
    },
    {
      title: 'Connected users',
      bullets: [
        'The Connected users page lists every owner connected to your company with the status pending, active, declined or revoked.',
        'View permissions shows which products and fields each owner shared with you. You can remove a connected user who is active or pending.',
      ],
    },
    {
      title: 'Downloading shared data',
      paragraphs: [
        'For an active connected user, the download button prepares a zip with the shared products\u2019 data, in the same layout owners receive: CSV and JSON per product, a data dictionary and a manifest with checksums. Fields the owner did not share, such as positions or card numbers, are absent from the files. Prices for data access are listed in the Data Prices catalogue.',
      ],
    },
  ];
}

export function privacySection({ supportEmail }: GuideBrand): DocumentSection {
  return {
    title: 'Privacy and support',
    bullets: [
      'Sessions end when you sign out; the portal keeps no password of yours.',
      'Every change to a sharing (created, accepted, declined, removed, paused, resumed, downloaded) is recorded so you can see who did what and when.',
      'Companies process personal data they receive as independent controllers under the GDPR and may use it only for the purposes agreed with you.',
      `For help, or to exercise your data protection rights, write to ${supportEmail}.`,
    ],
  };
}
