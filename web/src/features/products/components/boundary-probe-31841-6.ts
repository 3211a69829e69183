export { probe } from '../../recipients/index.ts';
