// Files the Worker imports as text (wrangler.toml [[rules]], type "Text"; the Workers vitest integration reads
// the same rules): the Hunspell dictionary of the built-in editor (worker/providers/english-dictionary.ts).
declare module '*.aff' {
  const text: string;
  export default text;
}
declare module '*.dic' {
  const text: string;
  export default text;
}
