import type { components, paths } from '@portal/contract/schema';

/** Contract types the screens use, taken from the generated schema (never re-declared by hand). */
export type Schemas = components['schemas'];
export type CurrentUser = Schemas['CurrentUser'];
export type Role = CurrentUser['role'];
export type Product = Schemas['Product'];
export type ProductList = paths['/api/v1/products']['get']['responses'][200]['content']['application/json'];
export type PortalConfig = paths['/api/v1/config']['get']['responses'][200]['content']['application/json'];
