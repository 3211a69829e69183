export { probe } from '../../features/products/index.ts';
