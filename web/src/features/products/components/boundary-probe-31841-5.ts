export { probe } from '../../recipients/components/card.tsx';
