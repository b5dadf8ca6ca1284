// The product's name, in one place (common/brand.ts): every screen that names the product reads it from here.
export { PRODUCT_NAME } from '../../common/brand.ts';
