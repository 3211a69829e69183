import { createElement, type ReactElement, type SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** One icon: its own shapes in the shared 24×24 stroked frame (children as arguments need no keys). */
function icon(...shapes: ReactElement[]) {
  return (props: IconProps) => createElement(Svg, props, ...shapes);
}

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);

export const LinkIcon = icon(
  <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />,
  <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />,
);

export const ChevronDownIcon = icon(<path d="M6 9l6 6 6-6" />);

export const DownloadIcon = icon(<path d="M12 3v12M7 10l5 5 5-5M5 21h14" />);

export const InfoIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M12 11v5M12 8h.01" />);

export const WarningIcon = icon(<path d="M12 3l9.5 17h-19z" />, <path d="M12 10v4M12 17h.01" />);

export const CheckIcon = icon(<path d="M5 12l5 5 9-10" />);

export const MoreIcon = icon(
  <circle cx="12" cy="5" r="1" />,
  <circle cx="12" cy="12" r="1" />,
  <circle cx="12" cy="19" r="1" />,
);

export const DocumentIcon = icon(
  <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />,
  <path d="M14 3v5h5M9 13h6M9 17h6" />,
);

export const LogoutIcon = icon(<path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5M15 12H3" />);

export const EyeIcon = icon(
  <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />,
  <circle cx="12" cy="12" r="3" />,
);

export const CopyIcon = icon(
  <rect x="9" y="9" width="12" height="12" rx="2" />,
  <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />,
);

export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);

export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, <path d="M20 20l-4-4" />);

export const FilterIcon = icon(<path d="M4 5h16l-6 8v6l-4-2v-4z" />);
