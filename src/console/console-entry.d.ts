/** The URL of the console's built entry script (build/console.ts). */
declare module 'virtual:console' {
  const url: string;
  export default url;
}
