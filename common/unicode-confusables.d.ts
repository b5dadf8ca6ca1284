// Types of `unicode-confusables` (its package ships them under a name TypeScript does not find).
declare module 'unicode-confusables' {
  export function isConfusing(input: string): boolean;
  export function rectifyConfusion(input: string): string;
}
