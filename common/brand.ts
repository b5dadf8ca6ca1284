// The product's name, in one place: the web app's screens and the Worker's e-mails read it from here.
export const PRODUCT_NAME = 'SpaConnect PH';
