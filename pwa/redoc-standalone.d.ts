// Redoc's standalone bundle (UMD) ships no types; /docs/api calls only its init().
declare module 'redoc/bundles/redoc.standalone.js' {
  export function init(specUrl: string, options: object, element: HTMLElement | null): void;
}
