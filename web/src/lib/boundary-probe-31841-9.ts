export { probe } from '../../../server/src/config.ts';
