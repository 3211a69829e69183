export { a } from '../api/use-products.ts';
export { b } from '../../../lib/format-date.ts';
