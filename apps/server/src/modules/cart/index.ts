// The booking cart: other modules use only these (patient deletion ends open carts).
export { warenkoerbe, type WarenkorbRow } from './cart.table.ts';
export { cartRoutes } from './cart.routes.ts';
export { releaseOpenCartsOf, runCartTimeoutJob } from './cart-job.ts';
