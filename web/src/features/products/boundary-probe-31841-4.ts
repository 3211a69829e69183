export { probe } from '../recipients/api/use-recipients.ts';
