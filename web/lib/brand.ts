// The product's name, in one place: every screen that names the product reads it from here.
export const PRODUCT_NAME = 'SpaConnect PH';
