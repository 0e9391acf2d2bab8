// The product's name, in one place: the PWA and the server's page heads both use it.
export const PRODUCT_NAME = 'RPC Atlas';
